/**
 * Where to go after sign-in. Only a local path of this app is accepted, so a crafted link cannot
 * send a freshly signed-in user to another site ("//evil.example", "/\\evil.example", "https://...").
 * Public pages (login, /auth/*, /nosession/*) are not worth returning to: they become '/'.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(value)) return '/';
  if (/^\/(login|auth|nosession)(\/|\?|#|$)/i.test(value)) return '/';
  return value;
}

/** The login screen's address, remembering the page to come back to. */
export function loginPath(returnTo?: string | null): string {
  const target = safeReturnTo(returnTo);
  return target === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(target)}`;
}

/** Staff sign-in: a full-page navigation to the API, which goes on to the identity provider. */
export function staffLoginUrl(email: string, returnTo: string): string {
  const q = new URLSearchParams({ email: email.trim(), returnTo: safeReturnTo(returnTo) });
  return `/api/v1/auth/login?${q.toString()}`;
}
