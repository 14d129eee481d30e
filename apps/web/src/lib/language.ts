import { nameOrderLanguage, type TNameOrderLanguage } from '@insp/contracts';

/**
 * The user's language for the order of names in lists (issue 20, docs/decisions.md "Customer pickers in the user's
 * language"): the browser's, as the time zone is (dates.ts), the first of its languages the product has, else English.
 * The app's texts are English whatever this says.
 */
export const userLanguage = (): TNameOrderLanguage =>
  nameOrderLanguage(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);
