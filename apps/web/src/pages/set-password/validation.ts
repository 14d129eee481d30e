import { passwordProblems } from '@insp/contracts';

/** The hint and the rule come from one definition in contracts (PASSWORD_RULE): what the hint allows is accepted. */
export { PASSWORD_HINT } from '@insp/contracts';

export interface SetPasswordErrors {
  password: string[];
  confirm: string | null;
}

/**
 * Spec 002 §5: longer than 8 characters, an upper case letter, a lower case letter and a digit
 * (passwordProblems, shared with the server, as is the hint); both entries non-empty and equal.
 */
export function setPasswordErrors(password: string, confirm: string): SetPasswordErrors {
  return {
    password: password ? passwordProblems(password).map((p) => `Password ${p}`) : ['Enter a new password'],
    confirm: !confirm ? 'Enter the new password again' : confirm !== password ? 'The passwords do not match' : null,
  };
}

export const hasErrors = (e: SetPasswordErrors) => e.password.length > 0 || e.confirm !== null;
