import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, renderAt } from '../../test/render';
import { queryClient } from '../../providers/queryClient';
import { PASSWORD_RULE } from '@insp/contracts';
import { setPasswordErrors } from './validation';
import { SetPasswordPage } from './SetPasswordPage';

const USER = '3f1c2a52-8a8e-4c2e-9d55-0d1f0a4b7c11';
let api: ReturnType<typeof fakeApi>;
let accept = true;

beforeEach(() => {
  accept = true;
  api = fakeApi({
    'auth.setPassword': () =>
      accept ? { data: { ok: true } } : { error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'token: the link is invalid or has expired', field: 'token' } },
    'auth.forgotPassword': () => ({ data: { ok: true } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const open = (query = `?userId=${USER}&token=t0k`) =>
  renderAt(`/nosession/SetPassword${query}`, [{ path: '/nosession/SetPassword', element: <SetPasswordPage /> }]);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
const problems = () => within(screen.getByTestId('password-problems')).getAllByRole('listitem').map((li) => li.textContent);

describe('set-password rules', () => {
  it('needs more than 8 characters, upper and lower case and a digit', () => {
    expect(setPasswordErrors('abcdefgh', 'abcdefgh').password).toEqual([
      'Password must be at least 9 characters long',
      'Password must contain an upper case letter',
      'Password must contain a digit',
    ]);
    expect(setPasswordErrors('Abcdefgh1', 'Abcdefgh1')).toEqual({ password: [], confirm: null });
  });

  it('needs both entries, equal', () => {
    expect(setPasswordErrors('', '')).toEqual({ password: ['Enter a new password'], confirm: 'Enter the new password again' });
    expect(setPasswordErrors('Abcdefgh1', 'Abcdefgh2').confirm).toBe('The passwords do not match');
  });
});

describe('set-password screen', () => {
  it('shows the hint and both fields', () => {
    open();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('New password again')).toBeTruthy();
    // the hint comes from contracts' PASSWORD_RULE, as does the rule (packages/contracts/src/password.test.ts)
    expect(screen.getByText('At least 9 characters (at most 200), with an upper case letter, a lower case letter and a digit, for example Granite7Quarry')).toBeTruthy();
  });

  it('shows the problems instead of sending a weak or mismatched password', () => {
    open();
    submit();
    expect(problems()).toEqual(['Enter a new password']);
    expect(screen.getByText('Enter the new password again')).toBeTruthy();

    type('New password', 'short1A');
    type('New password again', 'short1B');
    submit();
    expect(problems()).toEqual(['Password must be at least 9 characters long']);
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("sends the hint's own example without a complaint", async () => {
    open();
    type('New password', PASSWORD_RULE.example);
    type('New password again', PASSWORD_RULE.example);
    submit();
    expect(screen.queryByTestId('password-problems')).toBeNull();
    await screen.findByTestId('set-password-outcome');
    expect(api.calls[0]).toMatchObject({ path: 'auth.setPassword', input: { password: PASSWORD_RULE.example } });
  });

  it('sets the password and offers to sign in', async () => {
    open();
    type('New password', 'Abcdefgh1');
    type('New password again', 'Abcdefgh1');
    submit();
    expect((await screen.findByTestId('set-password-outcome')).textContent).toBe('Password changed successfully.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(api.calls[0]).toEqual({ path: 'auth.setPassword', input: { userId: USER, token: 't0k', password: 'Abcdefgh1' } });
  });

  it('on failure explains the link may have expired and can e-mail a new one', async () => {
    accept = false;
    open();
    type('New password', 'Abcdefgh1');
    type('New password again', 'Abcdefgh1');
    submit();
    const outcome = await screen.findByTestId('set-password-outcome');
    expect(outcome.textContent).toContain('Password change failed!');
    expect(outcome.textContent).toContain('expired');
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect((await screen.findByText('E-mail sent'))).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({ path: 'auth.forgotPassword', input: { id: USER } });
  });

  it('says the link is incomplete without userId and token', () => {
    open('');
    expect(screen.getByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
