import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Level, staffLevelFromGroups, StaffGroups, type StaffGroup } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { setToken } from '../../providers/token';
import { useSession } from '../../providers/session';
import { shownMessage } from '../../lib/errors';

/** After SET TOKEN the whole app starts again with the new token (a test replaces it). */
export const debugTokenNav = { go: (path: string) => window.location.assign(path) };

/**
 * /Admin (002 §2): a debug token of one's own account acting with the ticked groups (manager, admin, audit,
 * commission, inspection, mecu; §9), to see the product as that role. SET TOKEN makes it this tab's session.
 * The server's rule (docs/decisions.md): without the Developer flag a group above one's own level is refused,
 * so its box is disabled here.
 */
export function DebugTokenPage() {
  const { actor } = useSession();
  const [groups, setGroups] = useState<StaffGroup[]>([]);
  const developer = actor.flags.includes('Developer');
  const tooHigh = (g: StaffGroup) => !developer && staffLevelFromGroups([g]) > actor.level;
  const mint = useMutation({
    ...trpc.auth.debugToken.mutationOptions(),
    onSuccess: ({ accessToken }) => {
      setToken(accessToken);
      debugTokenNav.go('/');
    },
  });
  const toggle = (g: StaffGroup, on: boolean) => setGroups((gs) => (on ? [...gs, g] : gs.filter((x) => x !== g)));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
      <Typography variant="h1">Debug token</Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => (e.preventDefault(), mint.mutate({ groups }))} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          A token of your own account acting with the groups ticked, to see the product as that role. Sign out and in again to return to your own
          rights.
          {!developer && actor.level < Level.Admin ? ' Groups above your own level need the Developer flag.' : ''}
        </Typography>
        <FormGroup row aria-label="Groups">
          {StaffGroups.map((g) => (
            <FormControlLabel
              key={g}
              label={g}
              disabled={tooHigh(g) || mint.isPending}
              control={<Checkbox checked={groups.includes(g)} onChange={(e) => toggle(g, e.target.checked)} sx={{ width: 44, height: 44 }} />}
            />
          ))}
        </FormGroup>
        {mint.error ? (
          <Typography color="error" role="alert">
            {shownMessage(mint.error)}
          </Typography>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={mint.isPending} sx={{ minHeight: 44 }}>
            SET TOKEN
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
