import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { StackForm } from '../../components/StackForm';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { isStaffEmail, ZEmail } from '@insp/contracts';
import { PublicCard } from '../../components/PublicCard';
import { publicConfigQuery } from '../../providers/publicConfig';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { resetLinkSentText } from '../login/ForgotPasswordDialog';

/** /nosession/ForgotPassword (spec 002 §2 "a forgot-password screen exists"): e-mail → reset link. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const config = useQuery(publicConfigQuery);
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const value = email.trim();
  // staff passwords live at the identity provider; the server ignores them, so say so instead
  const staff = !!config.data && !!value && isStaffEmail(value, config.data.companyEmailDomain);

  function onSubmit() {
    if (!value) return setError('Enter your e-mail address');
    if (!ZEmail.safeParse(value).success) return setError('Enter a valid e-mail address');
    setError(null);
    send.mutate({ email: value }, { onSuccess: () => setSentTo(value) });
  }

  return (
    <PublicCard
      title="Forgot your password?"
      subtitle={sentTo ? undefined : 'Enter the e-mail address of your distributor account and we will send you a link to set a new password.'}
    >
      {sentTo ? (
        <Alert severity="success" data-testid="forgot-outcome">
          {resetLinkSentText(sentTo)}
        </Alert>
      ) : (
        <StackForm onSubmit={onSubmit}>
          {send.error && <Alert severity="error">{shownMessage(send.error)}</Alert>}
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? (staff ? 'Company accounts change their password with the company sign-in.' : ' ')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} disabled={staff}>
            Send link
          </Button>
        </StackForm>
      )}
      <Box sx={{ mt: 2.5, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" underline="hover">
          Back to sign in
        </Link>
      </Box>
    </PublicCard>
  );
}
