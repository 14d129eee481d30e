import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasErrors, PASSWORD_HINT, setPasswordErrors } from './validation';

/** New password twice; problems show once a field was left or the form submitted, and update as you type. */
export function SetPasswordForm({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const errors = setPasswordErrors(password, confirm);
  const showPassword = touched.password && errors.password.length > 0;
  const showConfirm = touched.confirm && errors.confirm !== null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched({ password: true, confirm: true });
        if (!hasErrors(errors)) onSubmit(password);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box>
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => password && setTouched((t) => ({ ...t, password: true }))}
          error={showPassword}
          helperText={PASSWORD_HINT}
          slotProps={{ formHelperText: { error: false } }}
        />
        {showPassword && (
          <Box component="ul" data-testid="password-problems" sx={{ m: 0, mt: 0.5, pl: 3.5, color: 'error.main' }}>
            {errors.password.map((p) => (
              <Typography component="li" variant="body2" key={p}>
                {p}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      <TextField
        id="new-password-again"
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        onBlur={() => confirm && setTouched((t) => ({ ...t, confirm: true }))}
        error={showConfirm}
        helperText={showConfirm ? errors.confirm : ' '}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
        Set password
      </Button>
    </Box>
  );
}
