/**
 * Enumerations of the domain, as the specification names them (spec 000, 001, 002 §3 and §9).
 * Values are the wire values the existing clients send and receive; keep them exactly.
 * The database stores the same strings (migrations repeat the lists in their check constraints on
 * purpose: a migration must not change when this file does).
 */

/** Inspection (protocol) types seen in the spec (000 §1, 001 §1). */
export const InspectionTypes = [
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Mid_Year',
  'Annual',
  'Machine_assessment',
  'Closed',
  'Commissioning',
  'Commission',
  'Equipment_Configurator',
  'Audit_Site',
  'Audit_Site_Operational',
  'Audit_Extra_Points',
  'Custom',
  'CustomPoints',
] as const;
export type InspectionType = (typeof InspectionTypes)[number];

/** Protocol kinds of the runs inside an audit (000 §3 "Protocol run"). Audit_Machine/Quick/Screen are protocol types too. */
export const AuditRunProtocolTypes = [
  'Audit_Site',
  'Audit_Site_Operational',
  'Audit_Machine',
  'Audit_Quick',
  'Audit_Screen',
  'Equipment_Configurator',
] as const;
export type AuditRunProtocolType = (typeof AuditRunProtocolTypes)[number];

/** Every value a protocol's or an inspection's `type` may hold: inspection types, audit run kinds and the FAT report type. */
export const ProtocolTypes = [...InspectionTypes, 'Audit_Machine', 'Audit_Quick', 'Audit_Screen', 'FAT'] as const;
export type ProtocolType = (typeof ProtocolTypes)[number];

/** Not offered when creating protocols, hidden from protocol search and the reports type filter (000 §2.3, 001 §1). */
export const HiddenInspectionTypes = ['Custom', 'CustomPoints'] as const;
/** Protocol types that take no targets (001 §4, §5). */
export const TargetlessProtocolTypes = ['Audit_Site', 'Audit_Site_Operational', 'Audit_Extra_Points'] as const;
/** Protocol types whose every target needs a product family (001 §5). */
export const FamilyRequiredProtocolTypes = [
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Mid_Year',
  'Annual',
  'Machine_assessment',
  'Closed',
  'Commissioning',
] as const;

export const InspectionStatuses = ['In_Use', 'Waiting', 'Finished'] as const;
export type InspectionStatus = (typeof InspectionStatuses)[number];

/** Rating of a whole inspection (thumbs up / down, 000 §2.3). */
export const InspectionRatings = ['Ok', 'Nok'] as const;
export type InspectionRating = (typeof InspectionRatings)[number];

/** Rating of one point result (000 §3); stored as smallint. */
export const PointRating = {
  Obsolete: -1,
  Ok: 0,
  Follow: 1,
  Repair: 2,
  ImmediateAction: 3,
  NotApplicable: 4,
  NotSet: 5,
} as const;
export type PointRatingName = keyof typeof PointRating;
export type PointRatingValue = (typeof PointRating)[PointRatingName];
export const PointRatingNames = Object.keys(PointRating) as PointRatingName[];
/** Words of the rating scale in reports (000 §3, 001 §9). */
export const PointRatingLabels: Partial<Record<PointRatingName, string>> = {
  Ok: 'OK',
  Follow: 'Should be followed',
  Repair: 'To be repaired or replaced',
  ImmediateAction: 'Immediate action',
  NotApplicable: 'Not applicable',
};

/** Inspection point types (001 §3). */
export const PointTypes = [
  'Comment',
  'Measurement',
  'Summary',
  'SummaryWithRows',
  'MeasurementsWithPicture',
  'RadioButtonSelection',
  'RadioButtonSelectionAndRangeValues',
  'RangeValues',
  'MultipleChoices',
  'MultipleChoicesAndRangeValues',
  'Dropdown',
] as const;
export type PointType = (typeof PointTypes)[number];

/** The one name of each point type, on every screen and in every message (the create templates' names, 001 §2; issue 19). */
export const POINT_TYPE_NAMES: Record<PointType, string> = {
  Comment: 'Simple comment',
  Measurement: 'Measurement',
  Summary: 'Summary',
  SummaryWithRows: 'Summary with rows',
  MeasurementsWithPicture: 'Measurement with picture',
  RadioButtonSelection: 'Radio button selection',
  RadioButtonSelectionAndRangeValues: 'Radio selection plus range values',
  RangeValues: 'Range values',
  MultipleChoices: 'Multiple choices',
  MultipleChoicesAndRangeValues: 'Multiple choices plus range values',
  Dropdown: 'Dropdown',
};
export const pointTypeName = (type: string): string => POINT_TYPE_NAMES[type as PointType] ?? type;

export const KeyboardTypes = [
  'default',
  'number-pad',
  'decimal-pad',
  'numeric',
  'email-address',
  'phone-pad',
  'date',
  'date-time',
] as const;
export type KeyboardType = (typeof KeyboardTypes)[number];

export const ValidationConsequences = ['NoAction', 'PreventMovingNextPoint', 'PreventReport'] as const;
export type ValidationConsequence = (typeof ValidationConsequences)[number];

export const AggregationDirections = ['No', 'Row', 'Column', 'Both'] as const;
export type AggregationDirection = (typeof AggregationDirections)[number];

/** Aggregation of a table field or row (cells computed to 2 decimals, 000 §2.6). */
export const Aggregations = ['Average', 'Sum', 'Min', 'Max', 'Diff', 'No'] as const;
export type Aggregation = (typeof Aggregations)[number];

export const VisualizationTypes = ['LineChart', 'NoVisualization'] as const;
export type VisualizationType = (typeof VisualizationTypes)[number];

export const LifeEstimateTypes = ['Off', 'Min', 'Max'] as const;
export type LifeEstimateType = (typeof LifeEstimateTypes)[number];

export const RatingTableLocations = ['Start', 'End', 'None'] as const;
export type RatingTableLocation = (typeof RatingTableLocations)[number];

/** Photo layouts in reports (000 §2.6, §9). */
export const PhotoLayouts = ['Default', 'HorizontalGraph', 'Fullscreen'] as const;
export type PhotoLayout = (typeof PhotoLayouts)[number];

export const SuggestionTypes = ['OptimizationTarget', 'ShortTerm', 'LongTerm'] as const;
export type SuggestionType = (typeof SuggestionTypes)[number];

/** Audit run stages (000 §4): primary to quaternary crusher or screen. */
export const RunStages = ['stage_1', 'stage_2', 'stage_3', 'stage_4'] as const;
export type RunStage = (typeof RunStages)[number];
export const RunStageNames: Record<RunStage, string> = {
  stage_1: 'Primary',
  stage_2: 'Secondary',
  stage_3: 'Tertiary',
  stage_4: 'Quaternary',
};

/** Document package types (002 §3, §9): stored value and the label shown. */
export const DocumentPackageTypes = ['Auto', 'Proposed', 'Manual'] as const;
export type DocumentPackageType = (typeof DocumentPackageTypes)[number];
export const DocumentPackageTypeLabels: Record<DocumentPackageType, string> = {
  Auto: 'Automatic synching',
  Proposed: 'Proposed for synching',
  Manual: 'Manual synching',
};

/** Inspection point meta types (001 §3). "plus category metas" are free-form and not listed. */
export const MetaTypes = [
  'ProductFamily',
  'ProductModel',
  'AnyProductModel',
  'Equipment',
  'ProtocolType',
  'UseCaseType',
  'ProtocolTypesDefined',
  'UseCaseTypesDefined',
  'PointType',
] as const;
export type MetaType = (typeof MetaTypes)[number];
/** Values of the PointType meta. Default point type is general (001 §5). */
export const PointKinds = ['general', 'custom'] as const;
export type PointKind = (typeof PointKinds)[number];

/** Tag target type (002 §3): 0 multiple choice, 1 range value. */
export const TagTargetType = { MultipleChoice: 0, RangeValue: 1 } as const;
export type TagTargetTypeValue = (typeof TagTargetType)[keyof typeof TagTargetType];

/** Blob upload states in the point editor (001 §4). */
export const UploadStates = ['Waiting', 'Uploading', 'Success', 'Error'] as const;

/** Translation kinds of an inspection point (name or description, 001 §3, 002 /Translations excelLink type). */
export const TranslationKinds = ['Name', 'Description'] as const;
export type TranslationKind = (typeof TranslationKinds)[number];

/** Debug-token groups (002 §9) are StaffGroups in levels.ts. Background service status is free text. */
