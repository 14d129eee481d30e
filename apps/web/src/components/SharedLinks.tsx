import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TSharedLink, TSharedLinkKind } from '@insp/contracts';
import { formatDateTime } from '../lib/dates';
import { shownMessage } from '../lib/errors';
import { trpc } from '../providers/trpc';
import { languageName } from '../resources/inspections/languages';

export const SHARED_LINKS_TEXT = {
  title: 'Shared links',
  none: 'No live shared links.',
  item: (l: TSharedLink) => `${l.fileName} (${languageName(l.lang)})`,
  detail: (l: TSharedLink) => `Shared ${l.createdBy ? `by ${l.createdBy} ` : ''}on ${formatDateTime(l.createdAt)}, valid until ${formatDateTime(l.expiresAt)}`,
  revoke: 'Revoke',
  confirmTitle: 'Revoke this link?',
  confirmText: (l: TSharedLink) => `Whoever has the link to ${l.fileName} can no longer open it. This cannot be undone.`,
  confirm: 'REVOKE',
  cancel: 'CANCEL',
} as const;

/** The query key of a report's live links: the link button refreshes it after making one. */
export const sharedLinksKey = (kind: TSharedLinkKind, targetId: string) => trpc.sharedLinks.list.queryKey({ kind, targetId });

/**
 * A report's live shared links (issue 20): file, language, who shared it and until when, each with Revoke (asked
 * first). The server answers only those who may download the report (the same people who see this screen); revoked
 * links answer 410 from then on.
 */
export function SharedLinks({ kind, targetId }: { kind: TSharedLinkKind; targetId: string }) {
  const qc = useQueryClient();
  const list = useQuery(trpc.sharedLinks.list.queryOptions({ kind, targetId }));
  const [asking, setAsking] = useState<TSharedLink | null>(null);
  const revoke = useMutation(
    trpc.sharedLinks.revoke.mutationOptions({
      onSuccess: () => {
        setAsking(null);
        void qc.invalidateQueries({ queryKey: sharedLinksKey(kind, targetId) });
      },
    }),
  );
  if (list.isError) return <Alert severity="error">{shownMessage(list.error)}</Alert>;
  if (!list.data) return null;
  const links = list.data.result;
  return (
    <Box component="section" aria-labelledby="shared-links-title" data-testid="shared-links">
      <Typography id="shared-links-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {SHARED_LINKS_TEXT.title}
      </Typography>
      {links.length === 0 ? (
        <Typography color="text.secondary">{SHARED_LINKS_TEXT.none}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {links.map((l) => (
            <Box component="li" key={l.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{SHARED_LINKS_TEXT.item(l)}</Typography>
                <Typography id={`shared-link-${l.id}`} variant="body2" color="text.secondary">
                  {SHARED_LINKS_TEXT.detail(l)}
                </Typography>
              </Box>
              <Button variant="outlined" color="error" aria-describedby={`shared-link-${l.id}`} onClick={() => { revoke.reset(); setAsking(l); }}>
                {SHARED_LINKS_TEXT.revoke}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Dialog open={!!asking} onClose={() => setAsking(null)} aria-labelledby="revoke-link-title">
        <DialogTitle id="revoke-link-title">{SHARED_LINKS_TEXT.confirmTitle}</DialogTitle>
        <DialogContent>
          {revoke.isError && <Alert severity="error" sx={{ mb: 2 }}>{shownMessage(revoke.error)}</Alert>}
          <DialogContentText>{asking && SHARED_LINKS_TEXT.confirmText(asking)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{SHARED_LINKS_TEXT.cancel}</Button>
          <Button variant="contained" color="error" disabled={revoke.isPending} onClick={() => asking && revoke.mutate({ id: asking.id })}>
            {SHARED_LINKS_TEXT.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
