import type { LoginReason } from '../../providers/session';

export const reasonText: Record<LoginReason, string> = {
  expired: 'Your session has ended. Please sign in again.',
  'session-failed': 'Your session could not be loaded. Please sign in again.',
  'sign-in-failed': 'Sign-in did not complete. Please try again.',
};

/** Single sign-on failures: the API sends the browser back with ?loginError=<code> (oidc.rest.ts). */
export const loginErrorText: Record<string, string> = {
  not_company_email: 'Company sign-in is only for company e-mail addresses.',
  email_not_verified: 'Your e-mail address is not verified at the company sign-in.',
  not_staff_account: 'This e-mail address belongs to a distributor account. Sign in with your password.',
  unavailable: 'Company sign-in is not available right now. Please try again later.',
  expired: 'Company sign-in took too long. Please try again.',
  failed: 'Company sign-in did not complete. Please try again.',
};

/**
 * The callback found no sign-in started in this tab (the product was opened at another address than
 * PUBLIC_URL, or the callback came from another tab); the text names the address that works.
 */
export const FLOW_MISSING = 'flow_missing';
export const flowMissingText = (publicUrl: string) =>
  `Sign-in could not be completed in this browser tab: open the product at ${publicUrl} and try again`;

export function loginErrorMessage(code: string, publicUrl: string): string {
  if (code === FLOW_MISSING) return flowMissingText(publicUrl);
  return loginErrorText[code] ?? 'Sign-in did not complete. Please try again.';
}
