import type { RunStage, SuggestionType } from '@insp/contracts';

/** Texts of the audit editor (000 §2.6); those the spec quotes appear word for word. */
export const AUDIT_TEXT = {
  loading: 'Loading...',
  title: (name: string) => `Audit: ${name}`,
  finished: 'This audit is finished and cannot be edited. Reopen it from the audit list to change it.',
  refresh: 'Refresh',
  viewReport: 'View report',
  downloadReport: 'Download report',
  preparingPdf: 'Preparing the PDF…',
  // info box
  info: 'Info',
  inspectionDate: 'Inspection date',
  inspector: 'Inspector',
  change: 'change',
  inspectorContact: 'Inspector contact',
  customer: 'Customer',
  customerContact: 'Customer contact',
  phone: 'Phone',
  email: 'E-mail',
  inspectorTitle: 'Change inspector',
  inspectorName: 'Inspector name',
  inspectorEmail: 'Inspector e-mail',
  save: 'SAVE',
  cancel: 'CANCEL',
  // issue 20: extra points of the site run
  addExtraPoint: 'Add extra point',
  addExtraPointTitle: 'Add an extra point',
  extraPoint: 'Point',
  extraPointName: 'Name in this audit',
  extraPointNameHelp: "Leave empty to use the point's own name",
  noExtraPoints: 'No Extra points protocol offers points yet: an administrator adds them on the Protocols page.',
  // issue 20: name, date and site
  detailsTitle: 'Change name, date and site',
  editDetails: 'Change name, date and site',
  auditName: 'Audit name',
  site: 'Site',
  noSite: 'No site',
  badDate: 'Enter the date as day.month.year',
  // autosave marker
  unsaved: 'Not saved yet',
  saving: 'Saving',
  notSaved: (why: string) => `Not saved: ${why}`,
  // the editor's save status (issue 20)
  savingChanges: 'Saving changes…',
  allSaved: (time: string) => `All changes saved, last at ${time}`,
  noChangesYet: 'Changes are saved as you go',
  // issue 23: the offline queue holds changes the server has not answered yet
  savedOnDevice: (n: number) => `All changes saved on this device; ${n === 1 ? '1 change waits' : `${n} changes wait`} to be sent`,
  // comments
  comments: 'Comments',
  comment: 'Public comment',
  internalComment: 'Internal comment',
  summary: 'Summary',
  // action points
  actionPoints: 'Summary of action points',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  newSuggestion: 'New action point',
  noSuggestions: 'None yet.',
  proposals: 'Proposed from the ratings',
  proposalsHelp: 'Points rated repair or replace, or immediate action, propose a short-term action point.',
  accept: 'Accept',
  dismiss: 'Dismiss',
  // sections
  extraPoints: 'Extra points',
  plant: 'Plant',
  crushers: 'Crushers',
  screens: 'Screens',
  noRuns: 'No runs yet.',
  // issue 20: a missing site or operational run
  addSiteRun: (kind: string) => (kind === 'Audit_Site' ? 'Add site run' : 'Add operational run'),
  addSiteRunTitle: (kind: string) => (kind === 'Audit_Site' ? 'Add the site run' : 'Add the operational run'),
  noSiteProtocol: 'There is no protocol of this kind yet: an administrator creates one on the Protocols page.',
  addRun: 'Add',
  clone: 'Clone',
  changeEquipment: 'Change equipment',
  changeProtocol: 'Change protocol',
  includedInReport: 'Included in the report',
  deleteRunQuestion: (protocol: string, equipment: string) => `Do you really want to delete the run of protocol ${protocol} on ${equipment}?`,
  // run dialogs
  addRunTitle: 'Add run',
  cloneRunTitle: (protocol: string) => `Clone run: ${protocol}`,
  stage: 'Stage',
  family: 'Product family',
  model: 'Product model',
  equipment: 'Existing equipment',
  newEquipment: 'New equipment',
  serialNumber: 'Serial number',
  nickName: 'Nickname',
  protocol: 'Protocol',
  addButton: 'ADD',
  changeButton: 'CHANGE',
  kind: 'Kind',
} as const;

export const SUGGESTION_LISTS: { type: SuggestionType; title: string }[] = [
  { type: 'OptimizationTarget', title: 'Optimization targets' },
  { type: 'ShortTerm', title: 'Short term' },
  { type: 'LongTerm', title: 'Long term' },
];

/** 000 §4: stage_1 Primary … stage_4 Quaternary. */
export const STAGE_NAMES: Record<RunStage, string> = { stage_1: 'Primary', stage_2: 'Secondary', stage_3: 'Tertiary', stage_4: 'Quaternary' };
