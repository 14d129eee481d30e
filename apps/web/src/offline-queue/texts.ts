/**
 * Texts of the offline write queue (issue 23), shown beside items in the report edit form and the audit editor
 * and in the page header. Kept here, once, because three places show them (docs/decisions.md, "Offline write
 * queue (issue 23)").
 */
export const QUEUE_TEXT = {
  savedOnDevice: 'Saved on this device',
  sending: 'Sending…',
  sendingProgress: (percent: number) => `Sending… ${percent}%`,
  saved: 'Saved',
  notSaved: (reason: string) => `Not saved: ${reason}`,
  /** An entry refused after the server failed on it SERVER_FAILURE_LIMIT times (backoff.ts). */
  serverKeepsFailing: (message: string) => `The server keeps failing on this change: ${message}`,
  dependsOnRefused: (reason: string) => `it needs an earlier change that was not saved (${reason})`,
  waiting: (n: number) => (n === 1 ? '1 change waiting to be sent' : `${n} changes waiting to be sent`),
  /** Another user's changes on this device: kept, sent only under their own sign-in (the header tells the next user). */
  othersWaiting: (n: number, name: string) =>
    n === 1 ? `1 change by ${name} waits until they sign in again` : `${n} changes by ${name} wait until they sign in again`,
  /** Log out while the user's own changes wait (layout/LogoutLink.tsx). */
  logoutTitle: 'Log out before your changes are sent?',
  logoutWarning: (n: number) =>
    `${n === 1 ? '1 change you made is' : `${n} changes you made are`} kept on this device but not sent yet. ` +
    'They are sent only when you sign in again on this device, with the network on; no one else’s sign-in sends them.',
  stay: 'Stay signed in',
  logoutAnyway: 'Log out anyway',
  storageNotPersistent:
    'Your changes are kept on this device until they are sent, but this browser may clear them if the device runs low on space. Go online soon so they are sent.',
  dismiss: 'OK',
  /** A write whose answer only the server can give (a new run, a suggestion) when the network is away. */
  keptForLater: 'Saved on this device. It will be sent when the network is back; reload the page then to see it.',
};
