import { POINT_TYPE_NAMES, type PointType } from '@insp/contracts';

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

/** Create templates in the order of 001 §2 (RangeValues has a template but no button), named by POINT_TYPE_NAMES. */
export const TEMPLATES: Array<{ type: PointType; label: string }> = (
  ['Comment', 'Measurement', 'SummaryWithRows', 'MeasurementsWithPicture', 'RadioButtonSelection', 'RadioButtonSelectionAndRangeValues', 'MultipleChoices', 'MultipleChoicesAndRangeValues', 'Dropdown'] as const
).map((type) => ({ type, label: POINT_TYPE_NAMES[type] }));

/** The one name of each point type, on every screen (shared with the API's messages). */
export { POINT_TYPE_NAMES };

/** Inspection types read the same here as in the reports list ('Mid year', 'Equipment configurator'). */
export { typeLabel } from '../inspections/inspectionTypes';

/** Warning style of an outdated translation: dark amber text on light amber (MUI's filled warning chip is 3.1:1, under WCAG AA). */
export const OUTDATED_SX = { bgcolor: '#fff4e5', color: '#663c00', borderColor: '#ed6c02', fontWeight: 600 } as const;
