import { useQueryClient } from '@tanstack/react-query';
import { callError } from '../../lib/errors';
import { trpc } from '../../providers/trpc';
import type { z } from 'zod';

/** Runs a plan change, then reloads every plan list on screen (Due view, My page, the equipment's plans). */
export function usePlanChange() {
  const queryClient = useQueryClient();
  return async <T,>(change: () => Promise<T>): Promise<T> => {
    const result = await change();
    await queryClient.invalidateQueries({ queryKey: trpc.plans.pathKey() });
    return result;
  };
}

/** Messages by field: the contract's check before sending, or the server's 400 naming a field. */
export function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  return Object.fromEntries(issues.map((i) => [String(i.path[0]), sentence(i.message)]));
}
export function serverErrors(err: unknown): { fields: Record<string, string>; general: string } {
  const e = callError(err);
  const key = e.field?.split('.').pop();
  if (key) return { fields: { [key]: sentence(e.message.replace(`${e.field}: `, '').replace(`${key}: `, '')) }, general: '' };
  return { fields: {}, general: e.message };
}
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
