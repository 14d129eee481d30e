import { formatDateTime, toDayInput, userTimeZone } from '../lib/dates';

/** 10:02 today, else the day and time with the zone (lib/dates.ts). */
export function whenText(at: number, now = Date.now(), timeZone = userTimeZone()): string {
  if (toDayInput(at, timeZone) !== toDayInput(now, timeZone)) return formatDateTime(at, timeZone);
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
}

const who = (by: string | null) => by ?? 'someone else';

/**
 * Texts of two people editing one field (issue 23, docs/decisions.md "Conflicting edits, several tabs and refused
 * writes"): the field is named, then who changed it and when.
 */
export const CONFLICT_TEXT = {
  /** The save of this user replaced someone else's newer change (the server's `overwritten`). */
  replaced: (field: string, by: string | null, at: number) =>
    `${field} was changed by ${who(by)} at ${whenText(at)} while you were editing; your answer replaced it.`,
  /** A read shows someone else's newer change; nothing unsaved here, so it is shown. */
  changed: (field: string, by: string | null, at: number) => `${field} was changed by ${who(by)} at ${whenText(at)}.`,
  /** A read shows someone else's newer change while this user has an unsaved one: theirs stays on screen. */
  kept: (field: string, by: string | null, at: number) =>
    `${field} was changed by ${who(by)} at ${whenText(at)}. Your change is kept here and will replace it when saved.`,
  /** This user's save removed an item someone else had changed meanwhile: the server kept it (issue 23, sets). */
  notRemoved: (field: string, by: string | null, at: number) =>
    `${field} was changed by ${who(by)} at ${whenText(at)} while you were editing, so your removal was not applied.`,
  /** Someone else removed an item (a finding) this user changed meanwhile: this save's change brought it back (issue 23, sets). */
  removed: (field: string, by: string | null, at: number) =>
    `${field} was removed by ${who(by)} at ${whenText(at)} while you were editing; your change brought it back.`,
  dismiss: 'Dismiss',
  /** The report edit form stays open after a save that replaced someone else's answers. */
  savedOver: 'Saved. Someone else had changed some of the same answers, texts or findings meanwhile: see the notes beside them.',
};
