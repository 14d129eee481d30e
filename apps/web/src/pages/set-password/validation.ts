import { passwordProblems } from '@insp/contracts';

/** The hint the spec quotes word for word (002 §5); the rule enforced is the stricter one below. */
export const PASSWORD_HINT = 'at least 8 characters';

export interface SetPasswordErrors {
  password: string[];
  confirm: string | null;
}

/**
 * Spec 002 §5: longer than 8 characters, an upper case letter, a lower case letter and a digit
 * (passwordProblems, shared with the server); both entries non-empty and equal.
 */
export function setPasswordErrors(password: string, confirm: string): SetPasswordErrors {
  return {
    password: password ? passwordProblems(password).map((p) => `Password ${p}`) : ['Enter a new password'],
    confirm: !confirm ? 'Enter the new password again' : confirm !== password ? 'The passwords do not match' : null,
  };
}

export const hasErrors = (e: SetPasswordErrors) => e.password.length > 0 || e.confirm !== null;
