/** Texts of the reports screens; those quoted in spec 000 §2.3, §2.7 and §8 appear word for word. */
export const REPORT_TEXT = {
  deleteTitle: (name: string) => `Delete inspection ${name}?`,
  deleteQuestion: 'Do you really want to delete the inspection?',
  statusTitle: 'Update status',
  finishTitle: 'Mark finished',
  statusQuestion: (from: string, to: string) => `Do you really want to change the status from ${from} to ${to}?`,
  // issue 20: an Admin reopens a Finished inspection (to In use), in words like the audits' reopen
  reopen: 'Reopen',
  reopenTitle: (name: string) => `Reopen ${name}?`,
  reopenQuestion: 'Do you really want to reopen the inspection? It can then be edited again.',
  reopenButton: 'REOPEN',
  viewProtocol: 'View protocol',
  deleteReport: 'Delete',
  voiceComments: 'Voice comments',
  searchPlaceholder: 'Search name, serial, nickname, customer, site or inspector',
  types: 'Inspection types',
  loadingReport: 'Loading...',
  pdfPreparing: (name: string, language: string) => `Preparing the PDF of ${name} (${language})…`,
  pdfSaved: (file: string) => `Saved ${file}`,
  pdfTooLong: 'The PDF is still being prepared. Please try again in a few minutes.',
  noReports: 'No reports found.',
};
