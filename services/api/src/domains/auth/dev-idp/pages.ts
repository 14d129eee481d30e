/** HTML of the development identity provider: one small, self-contained page layout (no external assets). */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#eef1f5;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733}
main{width:100%;max-width:380px;margin:24px;padding:32px;background:#fff;border-radius:10px;box-shadow:0 4px 24px rgba(20,35,60,.12)}
h1{margin:0 0 4px;font-size:22px;font-weight:600}p.sub{margin:0 0 24px;color:#5b6778;font-size:14px}
label{display:block;margin-bottom:6px;font-weight:500;font-size:14px}
input[type=email]{width:100%;padding:10px 12px;border:1px solid #c3ccd8;border-radius:6px;font:inherit}
input[type=email]:focus{outline:2px solid #2b6cb0;outline-offset:0;border-color:#2b6cb0}
button{width:100%;margin-top:20px;padding:11px;border:0;border-radius:6px;background:#1f5fa8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#174c88}.error{margin:12px 0 0;color:#b42318;font-size:14px}
.note{margin:20px 0 0;color:#7a8594;font-size:12px}a{color:#1f5fa8}`;

export function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

export function loginPage(opts: { action: string; email: string; clientName: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="sub">to continue to ${escapeHtml(opts.clientName)}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email)}">
${error}
<button type="submit">Sign in</button>
</form>
<p class="note">Development sign-in: accounts come from the dev_idp_accounts table; no password is asked.</p>`,
  );
}

/**
 * The provider's logout confirmation, submitted at once: signing out of the product already was the user's
 * choice, so no second click. `logout=yes` ends the whole provider session, not only this client's part.
 */
export function logoutPage(form: string): string {
  const autoSubmit = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>');
  return page(
    'Signing out',
    `<h1>Signing out…</h1>${autoSubmit}`,
    `<script>document.addEventListener('DOMContentLoaded',function(){document.getElementById('op.logoutForm').submit()})</script>`,
  );
}

export function signedOutPage(productUrl: string): string {
  return page('Signed out', `<h1>Signed out</h1><p class="sub">You have signed out.</p><p><a href="${escapeHtml(productUrl)}">Sign in again</a></p>`);
}

export function errorPage(message: string): string {
  return page('Sign-in problem', `<h1>Sign-in problem</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}
