import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.js';

const link = 'https://insp.example/nosession/SetPassword?userId=u-1&token=abc%2Fdef';

describe('e-mail templates', () => {
  it('asks to reset the password, greeting by name, with the link verbatim in the text', () => {
    const m = renderEmail({ template: 'password-reset', params: { name: 'Ann Smith', link } });
    expect(m.subject).toBe('Reset your password');
    expect(m.text).toMatch(/^Hello Ann Smith,/);
    expect(m.text).toContain(link);
    expect(m.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });

  it('asks a new user to set a password', () => {
    const m = renderEmail({ template: 'set-password', params: { name: 'Bob', link } });
    expect(m.subject).toBe('Set your password');
    expect(m.text).toContain('Hello Bob,');
    expect(m.text).toContain(link);
  });

  it('escapes the name in the HTML part', () => {
    const m = renderEmail({ template: 'set-password', params: { name: '<img src=x onerror=alert(1)>', link } });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
