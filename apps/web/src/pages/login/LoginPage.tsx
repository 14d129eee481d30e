import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { isStaffEmail, ZEmail } from '@insp/contracts';
import { PublicCard } from '../../components/PublicCard';
import { publicConfigQuery } from '../../providers/publicConfig';
import { queryClient } from '../../providers/queryClient';
import { safeReturnTo, staffLoginUrl } from '../../providers/returnTo';
import { setToken } from '../../providers/token';
import { trpc } from '../../providers/trpc';
import type { LoginReason } from '../../providers/session';
import { goTo } from '../../lib/browser';
import { callError, isNetworkError, UNREACHABLE } from '../../lib/errors';
import { EmailStep } from './EmailStep';
import { PasswordStep } from './PasswordStep';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { loginErrorMessage, reasonText } from './messages';

/**
 * Sign-in (spec 002 §2): e-mail first; a company e-mail goes to single sign-on with the e-mail as a hint,
 * any other gets a password step with a back arrow and a forgot-password link.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as { reason?: LoginReason; nextPathname?: string; nextSearch?: string };
  // react-admin's own redirects pass the page in state (nextPathname); ours in ?returnTo=
  const returnTo = safeReturnTo(params.get('returnTo') ?? (state.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null));

  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const loginError = params.get('loginError');
  const config = useQuery(publicConfigQuery).data; // also warms: Continue usually needs no round trip
  // A sign-in error from the URL stays a code until shown, because one of its texts names PUBLIC_URL.
  const [formError, setFormError] = useState<string | { code: string } | null>(loginError ? { code: loginError } : null);
  const shownError = typeof formError === 'object' && formError ? loginErrorMessage(formError.code, config?.publicUrl ?? window.location.origin) : formError;
  const [notice, setNotice] = useState<string | null>(state.reason ? reasonText[state.reason] : null);
  const [checking, setChecking] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const login = useMutation(trpc.auth.externalLogin.mutationOptions());

  async function onContinue() {
    setFormError(null);
    const value = email.trim();
    if (!value) return setEmailError('Enter your e-mail address');
    if (!ZEmail.safeParse(value).success) return setEmailError('Enter a valid e-mail address');
    setEmailError(null);
    setChecking(true);
    try {
      const config = await queryClient.fetchQuery(publicConfigQuery);
      if (isStaffEmail(value, config.companyEmailDomain)) {
        setRedirecting(true);
        goTo(staffLoginUrl(value, returnTo));
        return;
      }
      setPassword('');
      setPasswordError(null);
      setStep('password');
    } catch {
      setFormError(UNREACHABLE);
    } finally {
      setChecking(false);
    }
  }

  async function onSignIn() {
    setFormError(null);
    if (!password) return setPasswordError('Enter your password');
    setPasswordError(null);
    try {
      const { accessToken } = await login.mutateAsync({ email: email.trim(), password });
      setToken(accessToken);
      queryClient.removeQueries({ queryKey: trpc.auth.session.queryKey() });
      navigate(returnTo, { replace: true });
    } catch (e) {
      const err = callError(e);
      if (err.status === 401) setFormError('Wrong e-mail or password');
      else if (err.status === 429) setFormError(err.message);
      else if (err.field === 'email') {
        setStep('email');
        setEmailError(err.message);
      } else if (err.field === 'password') setPasswordError(err.message);
      else setFormError(isNetworkError(err) ? UNREACHABLE : err.message);
    }
  }

  function onBack() {
    setStep('email');
    setFormError(null);
    setNotice(null);
  }

  const alerts = (
    <>
      {notice && (
        <Alert severity="info" sx={{ mb: 2.5 }} data-testid="login-notice" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {shownError && (
        <Alert severity="error" sx={{ mb: 2.5 }} data-testid="login-error">
          {shownError}
        </Alert>
      )}
    </>
  );

  return (
    <PublicCard
      title="Sign in"
      subtitle={step === 'email' ? 'Use your work e-mail address to continue.' : 'Enter the password of your distributor account.'}
    >
      {alerts}
      {step === 'email' ? (
        <EmailStep
          email={email}
          error={emailError}
          busy={checking || redirecting}
          redirecting={redirecting}
          onChange={(v) => {
            setEmail(v);
            if (emailError) setEmailError(null);
          }}
          onSubmit={onContinue}
        />
      ) : (
        <PasswordStep
          email={email.trim()}
          password={password}
          error={passwordError}
          busy={login.isPending}
          onChange={(v) => {
            setPassword(v);
            if (passwordError) setPasswordError(null);
          }}
          onBack={onBack}
          onForgot={() => setForgotOpen(true)}
          onSubmit={onSignIn}
        />
      )}
      <ForgotPasswordDialog
        open={forgotOpen}
        email={email.trim()}
        onClose={() => setForgotOpen(false)}
        onSent={(message) => {
          setForgotOpen(false);
          setFormError(null);
          setNotice(message);
        }}
      />
    </PublicCard>
  );
}
