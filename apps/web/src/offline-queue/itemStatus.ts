/** What an item on screen shows (docs/decisions.md, "Offline write queue (issue 23)"). */
export type ItemStatus =
  | { state: 'device' }
  | { state: 'sending'; progress?: number }
  | { state: 'saved' }
  | { state: 'refused'; message: string };
