import { useRef } from 'react';
import { useNotify } from 'react-admin';
import { useFormContext, type UseFormSetError, type FieldValues } from 'react-hook-form';
import { callError, shownMessage } from '../../lib/errors';

// The API names fields as the contract does; the company is chosen through its id input.
const inputOf: Record<string, string> = { company: 'company.id' };

/**
 * Shows an error the server blamed on a field (e.g. 409 "email: another user already has this e-mail address")
 * under that field, besides the notification. `FormBridge` sits inside the form to lend its setError.
 */
export function useServerFieldErrors() {
  const setErrorRef = useRef<UseFormSetError<FieldValues> | null>(null);
  const notify = useNotify();
  const bridge = useRef(function FormBridge() {
    setErrorRef.current = useFormContext().setError;
    return null;
  }).current;
  const onError = (err: unknown) => {
    const e = callError(err);
    if (e.field && setErrorRef.current) setErrorRef.current(inputOf[e.field] ?? e.field, { type: 'server', message: e.message });
    notify(shownMessage(err), { type: 'error' });
  };
  return { FormBridge: bridge, onError };
}
