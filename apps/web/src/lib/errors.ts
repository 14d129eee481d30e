import { TRPCClientError } from '@trpc/client';

/** What the UI needs from a failed call: HTTP status, the field the server blamed, the message. */
export interface CallError {
  status: number | null;
  field: string | null;
  message: string;
}

/**
 * Reads a tRPC error. The API puts the blamed field in `data.field` and starts the message with
 * the field name ("email: must be an e-mail address"); the prefix is dropped for display next to the field.
 */
export function callError(err: unknown): CallError {
  if (err instanceof TRPCClientError) {
    const data = (err.data ?? {}) as { httpStatus?: number; field?: string };
    const field = data.field ?? null;
    let message = err.message;
    if (field && message.startsWith(`${field}: `)) message = message.slice(field.length + 2);
    return { status: data.httpStatus ?? null, field, message };
  }
  return { status: null, field: null, message: err instanceof Error ? err.message : String(err) };
}

/** A network failure has no HTTP status: the server could not be reached. */
export const isNetworkError = (e: CallError) => e.status === null;

export const UNREACHABLE = 'The server could not be reached. Please try again.';

/** The text to show for a failed call: the server's message, or that it could not be reached. */
export const shownMessage = (err: unknown) => {
  // The offline queue's own answers (kept on the device for later, refused) carry the words to show (issue 23).
  if (err instanceof Error && (err as { shownAsIs?: boolean }).shownAsIs) return err.message;
  const e = callError(err);
  return isNetworkError(e) ? UNREACHABLE : e.message;
};
