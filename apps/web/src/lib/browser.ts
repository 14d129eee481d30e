/**
 * Full-page navigation (leaves the single-page app: single sign-on, identity provider logout).
 * One function so component tests can replace it.
 */
export function goTo(url: string): void {
  window.location.assign(url);
}
