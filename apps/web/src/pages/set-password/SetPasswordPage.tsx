import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PublicCard } from '../../components/PublicCard';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { SetPasswordForm } from './SetPasswordForm';

type Outcome = 'form' | 'success' | 'failed' | 'email-sent';

/**
 * /nosession/SetPassword?userId&token (spec 002 §2, §4): public, no session. Outcomes: success,
 * failure with a button to e-mail a new link, and e-mail sent.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>('form');
  const setPassword = useMutation(trpc.auth.setPassword.mutationOptions());
  const resend = useMutation(trpc.auth.forgotPassword.mutationOptions());

  if (!userId || !token) {
    return (
      <PublicCard title="Set your password">
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          This link is incomplete. Open the link from your e-mail again, or ask for a new one.
        </Alert>
        <BackToSignIn extra={<Link component={RouterLink} to="/nosession/ForgotPassword">Send me a new link</Link>} />
      </PublicCard>
    );
  }

  return (
    <PublicCard title="Set your password" subtitle={outcome === 'form' ? 'Choose a new password for your account.' : undefined}>
      {outcome === 'form' && (
        <SetPasswordForm
          busy={setPassword.isPending}
          onSubmit={(password) =>
            setPassword.mutate(
              { userId, token, password },
              { onSuccess: () => setOutcome('success'), onError: () => setOutcome('failed') },
            )
          }
        />
      )}
      {outcome === 'success' && (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="set-password-outcome">
            Password changed successfully.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Sign in
          </Button>
        </>
      )}
      {outcome === 'failed' && (
        <>
          <Alert severity="error" sx={{ mb: 3 }} data-testid="set-password-outcome">
            <AlertTitle>Password change failed!</AlertTitle>
            The link may have expired or has already been used. We can send you a new link by e-mail.
          </Alert>
          {resend.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {shownMessage(resend.error)}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            loading={resend.isPending}
            onClick={() => resend.mutate({ id: userId }, { onSuccess: () => setOutcome('email-sent') })}
          >
            Send e-mail
          </Button>
          <BackToSignIn />
        </>
      )}
      {outcome === 'email-sent' && (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="set-password-outcome">
            <AlertTitle>E-mail sent</AlertTitle>
            We sent you a new link to set your password. Check your inbox.
          </Alert>
          <BackToSignIn />
        </>
      )}
    </PublicCard>
  );
}

function BackToSignIn({ extra }: { extra?: ReactNode }) {
  return (
    <Box sx={{ mt: 2, display: 'flex', justifyContent: extra ? 'space-between' : 'center' }}>
      <Link component={RouterLink} to="/login" underline="hover">
        Back to sign in
      </Link>
      {extra}
    </Box>
  );
}
