import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, fakeApi } from '../../test/render';
import { queryClient } from '../../providers/queryClient';
import { getToken, clearToken } from '../../providers/token';
import { goTo } from '../../lib/browser';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/browser', () => ({ goTo: vi.fn() }));

const wrongPassword = { error: { httpStatus: 401, code: 'UNAUTHORIZED', message: 'Wrong e-mail or password' } };
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'auth.externalLogin': (input) =>
      (input as { password: string }).password === 'Secret123x' ? { data: { accessToken: 'tok-1' } } : wrongPassword,
    'auth.forgotPassword': () => ({ data: { ok: true } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  clearToken();
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockReset();
});

const login = (path = '/login') => renderAt(path, [{ path: '/login', element: <LoginPage /> }]);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('login screen', () => {
  it('asks for the e-mail first and refuses an empty one', async () => {
    login();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    press('Continue');
    expect(await screen.findByText('Enter your e-mail address')).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('sends a company e-mail to single sign-on with the e-mail and the page to return to', async () => {
    login('/login?returnTo=%2FAudits%2F7');
    type('Email', 'Anna@Company.example');
    press('Continue');
    await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
    expect(vi.mocked(goTo).mock.calls[0][0]).toBe('/api/v1/auth/login?email=Anna%40Company.example&returnTo=%2FAudits%2F7');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows the password step for any other e-mail, and the back arrow returns to the e-mail step', async () => {
    login();
    type('Email', 'dist@partner.example');
    press('Continue');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.getByTestId('login-email').textContent).toBe('dist@partner.example');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();

    press('Back');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dist@partner.example');
  });

  it('refuses an empty password, then shows the server refusal of a wrong one', async () => {
    login();
    type('Email', 'dist@partner.example');
    press('Continue');
    await screen.findByLabelText('Password');
    press('Sign in');
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === 'auth.externalLogin')).toHaveLength(0);

    type('Password', 'nope');
    press('Sign in');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong e-mail or password');
    expect(getToken()).toBeNull();
  });

  it('shows the server message when sign-in is rate limited', async () => {
    api = fakeApi({
      'auth.externalLogin': () => ({ error: { httpStatus: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Try again in a few minutes.' } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    login();
    type('Email', 'dist@partner.example');
    press('Continue');
    type('Password', await screen.findByLabelText('Password').then(() => 'whatever'));
    press('Sign in');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Too many sign-in attempts. Try again in a few minutes.');
  });

  it('stores the token and goes to the page to return to after a distributor signs in', async () => {
    login('/login?returnTo=%2FReports');
    type('Email', 'dist@partner.example');
    press('Continue');
    await screen.findByLabelText('Password');
    type('Password', 'Secret123x');
    press('Sign in');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Reports'));
    expect(getToken()).toBe('tok-1');
    expect(api.calls.find((c) => c.path === 'auth.externalLogin')?.input).toEqual({ email: 'dist@partner.example', password: 'Secret123x' });
  });

  it('asks before sending a password reset link, then says it was sent if the account exists', async () => {
    login();
    type('Email', 'dist@partner.example');
    press('Continue');
    await screen.findByLabelText('Password');
    press('Forgot password?');
    expect((await screen.findByTestId('forgot-confirm')).textContent).toBe('Send a password reset link to dist@partner.example?');
    expect(api.calls.filter((c) => c.path === 'auth.forgotPassword')).toHaveLength(0);
    press('Send link');
    expect((await screen.findByTestId('login-notice')).textContent).toContain('If an account exists for dist@partner.example');
    expect(api.calls.find((c) => c.path === 'auth.forgotPassword')?.input).toEqual({ email: 'dist@partner.example' });
  });

  it('explains a failed single sign-on', () => {
    login('/login?loginError=unavailable');
    expect(screen.getByTestId('login-error').textContent).toBe('Company sign-in is not available right now. Please try again later.');
  });

  it('says where to open the product when the sign-in flow is missing in this tab', async () => {
    login('/login?loginError=flow_missing');
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(
        'Sign-in could not be completed in this browser tab: open the product at http://insp.example and try again',
      ),
    );
  });
});
