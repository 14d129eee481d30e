import type { RefObject } from 'react';
import type { TInspectionPoint, TInspectionPointWrite } from '@insp/contracts';
import { useCreateOnce as useCreateOnceOf } from '../../lib/useCreateOnce';
import { pointsApi } from './api';

/**
 * The create of a new point as one attempt with an idempotency key (lib/useCreateOnce.ts). The point made is put in
 * `created`, so later saves update it.
 */
export function useCreateOnce(created: RefObject<TInspectionPoint | null>) {
  return useCreateOnceOf<TInspectionPointWrite, TInspectionPoint>({
    create: (body, key) => pointsApi.create(body, key),
    update: (made, body) => pointsApi.update(made.id, body),
    onMade: (made) => (created.current = made),
  });
}
