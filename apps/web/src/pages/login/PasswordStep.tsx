import { useState } from 'react';
import Box from '@mui/material/Box';
import { StackForm } from '../../components/StackForm';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';

interface Props {
  email: string;
  password: string;
  error: string | null;
  busy: boolean;
  onChange: (password: string) => void;
  onBack: () => void;
  onForgot: () => void;
  onSubmit: () => void;
}

/** Step 2 (distributors): password, a back arrow to the e-mail step, and the forgot-password link. */
export function PasswordStep({ email, password, error, busy, onChange, onBack, onForgot, onSubmit }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <StackForm onSubmit={onSubmit}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: -1, px: 0.5, py: 0.5, borderRadius: 1, bgcolor: 'action.hover' }}>
        <IconButton aria-label="Back" title="Use another e-mail" onClick={onBack} size="small">
          <ArrowBackIcon fontSize="small" />
        </IconButton>
        <Typography data-testid="login-email" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {email}
        </Typography>
      </Box>
      {/* lets password managers pair the password with the e-mail */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="login-password"
        name="password"
        label="Password"
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ?? ' '}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={() => setVisible((v) => !v)} edge="end">
                  {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1.5 }}>
        <Link component="button" type="button" variant="body2" onClick={onForgot} underline="hover">
          Forgot password?
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
        Sign in
      </Button>
    </StackForm>
  );
}
