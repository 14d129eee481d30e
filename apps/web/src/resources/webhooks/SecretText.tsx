import Box from '@mui/material/Box';

/** A signing secret, selectable as one word (it is copied into the receiver's configuration). */
export function SecretText({ secret }: { secret: string }) {
  return (
    <Box component="code" data-testid="webhook-secret" sx={{ userSelect: 'all', wordBreak: 'break-all', fontFamily: 'monospace' }}>
      {secret}
    </Box>
  );
}
