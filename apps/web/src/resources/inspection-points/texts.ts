import type { PointType } from '@insp/contracts';

/** Interface text of the point authoring screen (001 §2). */
export const PT = {
  tabList: 'Inspection points',
  tabCreate: 'Create inspection point',
  filter: 'Filter inspection points',
  clearFilter: 'Clear filter',
  inspectionType: 'Inspection type',
  productFamily: 'Product family',
  productModel: 'Product model',
  serialNumber: 'Serial number',
  filterPointType: 'Filter by point type',
  filterCategory: 'Filter by category',
  any: 'Any',
  noPoints: 'No inspection points found.',
  chooseTemplate: 'Choose a template',
  content: 'Content',
  localization: 'Localization',
  generalFields: 'General fields',
  save: 'Save',
  cancel: 'Cancel',
  duplicate: 'Duplicate',
  deletePoint: 'Delete point',
  outdated: 'outdated',
  onlyPointTypes: (types: string) => `Showing only ${types} points, the ones this protocol type takes.`,
} as const;

/** Create templates in the order of 001 §2 (RangeValues has a template but no button). */
export const TEMPLATES: Array<{ type: PointType; label: string }> = [
  { type: 'Comment', label: 'Simple comment' },
  { type: 'Measurement', label: 'Measurement' },
  { type: 'SummaryWithRows', label: 'Summary with rows' },
  { type: 'MeasurementsWithPicture', label: 'Measurement with picture' },
  { type: 'RadioButtonSelection', label: 'Radio button selection' },
  { type: 'RadioButtonSelectionAndRangeValues', label: 'Radio selection plus range values' },
  { type: 'MultipleChoices', label: 'Multiple choices' },
  { type: 'MultipleChoicesAndRangeValues', label: 'Multiple choices plus range values' },
  { type: 'Dropdown', label: 'Dropdown' },
];

/** The one name of each point type, on every screen (the create templates' names, 001 §2). */
export const POINT_TYPE_NAMES: Record<PointType, string> = {
  ...Object.fromEntries(TEMPLATES.map((t) => [t.type, t.label])),
  Summary: 'Summary',
  RangeValues: 'Range values',
} as Record<PointType, string>;

/** Inspection types read the same here as in the reports list ('Mid year', 'Equipment configurator'). */
export { typeLabel } from '../inspections/inspectionTypes';

/** Warning style of an outdated translation: dark amber text on light amber (MUI's filled warning chip is 3.1:1, under WCAG AA). */
export const OUTDATED_SX = { bgcolor: '#fff4e5', color: '#663c00', borderColor: '#ed6c02', fontWeight: 600 } as const;
