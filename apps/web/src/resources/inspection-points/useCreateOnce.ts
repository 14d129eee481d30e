import { useRef, type RefObject } from 'react';
import type { TInspectionPoint, TInspectionPointWrite } from '@insp/contracts';
import { callError } from '../../lib/errors';
import { newRequestKey } from '../../lib/requestKey';
import { sameValues } from '../../lib/sameValues';
import { pointsApi } from './api';

/**
 * The create of a new point as one attempt with an idempotency key (issue 19). While the attempt's outcome is
 * unknown (no answer, a 5xx) Save sends the same key with the same body, so the server answers the point it made
 * instead of making a second; edits made since go in as an update of that point. A refusal (4xx) made nothing: the
 * next Save is a new attempt with the form as it is then. The point made is put in `created`, so later saves
 * update it; `forget` drops the attempt (a save went through, Cancel).
 */
export function useCreateOnce(created: RefObject<TInspectionPoint | null>) {
  const attempt = useRef<{ key: string; body: TInspectionPointWrite } | null>(null);
  const createOnce = async (body: TInspectionPointWrite): Promise<TInspectionPoint> => {
    const sent = (attempt.current ??= { key: newRequestKey(), body });
    const made = await pointsApi.create(sent.body, sent.key).catch((e: unknown) => {
      const status = callError(e).status;
      if (status !== null && status >= 400 && status < 500) attempt.current = null;
      throw e;
    });
    created.current = made;
    attempt.current = null;
    return sameValues(sent.body, body) ? made : pointsApi.update(made.id, body);
  };
  return { createOnce, forget: () => (attempt.current = null) };
}
