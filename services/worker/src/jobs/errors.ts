/** A job that can never succeed (unknown name, invalid payload, missing record): retrying would only repeat the failure. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
