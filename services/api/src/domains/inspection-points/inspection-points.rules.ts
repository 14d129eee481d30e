import { isTempId, type TInspectionPointWriteParsed } from '@insp/contracts';
import { bad } from './inspection-points.children.js';

/*
 * The point's content rules (001 §4, §5) applied on the server, whatever the editor sent: content that does not
 * belong to the point's type is cleared, aggregation and field-config rules are enforced, and what the editor
 * refuses to save is refused here with a 400 naming the field.
 */

export type PointData = TInspectionPointWriteParsed;

const MEASURED = ['Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
const LIMITED = ['Measurement', 'Summary', 'SummaryWithRows'];
const CHARTED = ['Measurement', 'Summary', 'SummaryWithRows'];
const TABLE = ['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
const WITH_ROWS = ['Summary', 'SummaryWithRows'];
const GROUPED = ['RadioButtonSelection', 'RadioButtonSelectionAndRangeValues'];
const RANGED = ['RadioButtonSelectionAndRangeValues', 'RangeValues', 'MultipleChoicesAndRangeValues'];
const CHOICES = ['MultipleChoices', 'MultipleChoicesAndRangeValues'];

/** Which child content a type owns; what it does not own is cleared on every write. */
export const owns = (type: string) => ({
  limits: LIMITED.includes(type),
  fields: TABLE.includes(type),
  rows: WITH_ROWS.includes(type),
  datasets: WITH_ROWS.includes(type),
  optionGroup: GROUPED.includes(type),
  rangeValues: RANGED.includes(type),
  choices: CHOICES.includes(type),
  dropdowns: type === 'Dropdown',
});

/** The parsed payload with the type's rules applied; throws 400 naming the field for what cannot be saved. */
export function applyRules(input: PointData): PointData {
  const d: PointData = structuredClone(input);
  const own = owns(d.type);
  // 001 §5: 'Required' and 'Only for failure' mean nothing unless the field is present.
  if (!d.ratingField.present) d.ratingField.required = false;
  if (!d.photoField.present) d.photoField = { present: false, required: false, onlyForFailure: false };

  if (!MEASURED.includes(d.type)) {
    d.measurementTitle = null;
    d.measurementUnitId = null;
  }
  if (!own.limits) d.measurementLimits = [];
  if (!CHARTED.includes(d.type)) d.visualizationType = 'NoVisualization';
  // The life estimate is shown only with the line chart (001 §3).
  if (d.visualizationType !== 'LineChart') d.lifeEstimateType = 'Off';
  if (!own.fields) {
    d.fields = [];
    d.fieldTitle = null;
  }
  if (!own.rows) d.rows = [];
  if (!own.datasets || d.visualizationType !== 'LineChart') d.visualizationDatasets = [];
  if (!own.rows) d.inspectionPointAggregationDirection = 'No';
  // 001 §4: No clears every field and row aggregation; Column clears field aggregations; Row clears row aggregations.
  const dir = d.inspectionPointAggregationDirection;
  if (dir === 'No' || dir === 'Column') for (const f of d.fields) f.inspectionPointFieldAggregation = 'No';
  if (dir === 'No' || dir === 'Row') for (const r of d.rows) r.inspectionPointRowAggregation = 'No';
  if (!own.optionGroup) d.optionGroup = null;
  if (!own.rangeValues) {
    d.rangeValues = [];
    d.rangeValueUpdates = {};
    d.rangeValueTitle = null;
  }
  if (!own.choices) d.multipleChoices = [];
  if (!own.dropdowns) d.dropdowns = [];

  // 001 §5: options with an empty name are dropped from the option group on submit.
  if (d.optionGroup) d.optionGroup.options = d.optionGroup.options.filter((o) => o.name.trim() !== '');
  validate(d);
  return d;
}

/**
 * Options a point may carry over all its dropdowns, and over all its multiple choices. The schema bounds each list
 * (100 dropdowns of 500 options) but not the product, and every option is a row written in the request's
 * transaction; no editor shows more than this.
 */
export const MAX_OPTIONS_PER_POINT = 2000;

function validate(d: PointData) {
  const count = (lists: { options: unknown[] }[]) => lists.reduce((n, l) => n + l.options.length, 0);
  if (count(d.dropdowns) > MAX_OPTIONS_PER_POINT) throw bad('dropdowns', `at most ${MAX_OPTIONS_PER_POINT} options over all dropdowns of a point`);
  if (count(d.multipleChoices) > MAX_OPTIONS_PER_POINT) throw bad('multipleChoices', `at most ${MAX_OPTIONS_PER_POINT} options over all multiple choices of a point`);
  if (owns(d.type).optionGroup) {
    const g = d.optionGroup;
    if (!g) throw bad('optionGroup', 'choose a predefined option group or make a custom one');
    if (!g.custom && isTempId(g.id)) throw bad('optionGroup.id', 'a predefined option group is chosen by its id');
    if (g.custom && !g.options.length) throw bad('optionGroup.options', 'the option group needs at least one option with a name');
  }
  // 001 §5 table-type points: every field title non-empty; MeasurementsWithPicture has exactly four.
  if (d.type === 'SummaryWithRows' || d.type === 'MeasurementsWithPicture') {
    d.fields.forEach((f, i) => {
      if (!f.title.trim()) throw bad(`fields[${i}].title`, 'every field needs a title');
    });
  }
  if (d.type === 'MeasurementsWithPicture' && d.fields.length !== 4) throw bad('fields', 'a measurement with picture has exactly four fields');
  const targets = new Set<string>();
  d.measurementLimits.forEach((l, i) => {
    if (!!l.productFamilyId === !!l.productModelId) {
      throw bad(`measurementLimits[${i}].productFamilyId`, 'a limit is for one product family or one product model');
    }
    const key = l.productFamilyId ? `f:${l.productFamilyId}` : `m:${l.productModelId}`;
    if (targets.has(key)) throw bad(`measurementLimits[${i}]`, 'two limits for the same product family or model');
    targets.add(key);
  });
  d.visualizationDatasets.forEach((s, i) => {
    if (!s.rowId === !s.columnId) throw bad(`visualizationDatasets[${i}].rowId`, 'a chart line is one row or one column');
  });
}
