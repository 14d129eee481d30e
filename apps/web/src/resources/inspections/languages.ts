/** Report languages (000 §1: HTML and PDF in a chosen language, default en), named in English. */
export const REPORT_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fi', name: 'Finnish' },
  { code: 'sv', name: 'Swedish' },
  { code: 'de', name: 'German' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
  { code: 'pt', name: 'Portuguese' },
] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: ReportLanguage = 'en';

export const languageName = (code: string) => REPORT_LANGUAGES.find((l) => l.code === code)?.name ?? code;
export const isReportLanguage = (code: string | null | undefined): code is ReportLanguage => REPORT_LANGUAGES.some((l) => l.code === code);
