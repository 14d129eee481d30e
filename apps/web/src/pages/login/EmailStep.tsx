import { StackForm } from '../../components/StackForm';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

interface Props {
  email: string;
  error: string | null;
  busy: boolean;
  redirecting: boolean;
  onChange: (email: string) => void;
  onSubmit: () => void;
}

/** Step 1: the e-mail decides the way in (single sign-on for staff, password for distributors). */
export function EmailStep({ email, error, busy, redirecting, onChange, onSubmit }: Props) {
  return (
    <StackForm onSubmit={onSubmit} gap={2.5}>
      <TextField
        id="login-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        value={email}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ?? ' '}
        disabled={redirecting}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy} loadingPosition="end">
        {redirecting ? 'Redirecting to company sign-in…' : 'Continue'}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        Company staff continue with single sign-on. Distributors sign in with their password.
      </Typography>
    </StackForm>
  );
}
