import { useRef } from 'react';
import { callError } from './errors';
import { newRequestKey } from './requestKey';
import { sameValues } from './sameValues';

/**
 * A create as one attempt with an idempotency key (issue 19). While the attempt's outcome is unknown (no answer, a
 * 5xx) the next save sends the same key with the same body, so the server answers what it made instead of making a
 * second; edits made since go in as an update of what was made. A refusal (4xx) made nothing: the next save is a new
 * attempt with the body as it is then. `forget` drops the attempt (a save went through, Cancel).
 */
export function useCreateOnce<B, M>(calls: { create(body: B, key: string): Promise<M>; update(made: M, body: B): Promise<M>; onMade?(made: M): void }) {
  const attempt = useRef<{ key: string; body: B } | null>(null);
  const createOnce = async (body: B): Promise<M> => {
    const sent = (attempt.current ??= { key: newRequestKey(), body });
    const made = await calls.create(sent.body, sent.key).catch((e: unknown) => {
      const status = callError(e).status;
      if (status !== null && status >= 400 && status < 500) attempt.current = null;
      throw e;
    });
    calls.onMade?.(made);
    attempt.current = null;
    return sameValues(sent.body, body) ? made : calls.update(made, body);
  };
  return { createOnce, forget: () => (attempt.current = null) };
}
