import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { useNotify } from 'react-admin';
import type { TSharedLinkKind } from '@insp/contracts';
import { formatDateTime } from '../../lib/dates';
import { getToken } from '../../providers/token';
import { trpc } from '../../providers/trpc';
import { sharedLinksKey } from '../../components/SharedLinks';
import { coarsePointer } from '../../theme';
import { AUDIT_TEXT } from './texts';

export interface StorageUrl {
  url: string;
  expiresAt: string | number;
  fileName: string;
  /** The shared link's id (issue 20), to notice when it is revoked. */
  id?: string;
}

/**
 * GET api/v1/audits/{id}/reportpdf/storageurl?lang=&days= (000 §7), or the inspections' twin (issue 20): a shared
 * link to the stored PDF (valid for `days`, the server's default when left out, until revoked).
 */
export async function fetchStorageUrl(id: string, lang: string, days?: number, kind: TSharedLinkKind = 'audit_report'): Promise<StorageUrl> {
  const token = getToken();
  const base = kind === 'audit_report' ? 'audits' : 'inspections';
  const res = await fetch(`/api/v1/${base}/${encodeURIComponent(id)}/reportpdf/storageurl?lang=${encodeURIComponent(lang)}${days ? `&days=${days}` : ''}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.status !== 200) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The PDF link could not be made (${res.status}).`);
  }
  return (await res.json()) as StorageUrl;
}

/** The lifetimes offered: a day, the default, two weeks and the maximum (issue 20), never past the maximum. */
const lifetimes = (defaultDays: number, maxDays: number) => [...new Set([1, defaultDays, 14, 30, maxDays])].filter((d) => d <= maxDays).sort((a, b) => a - b);

/**
 * The storage-URL link of the audit PDF: asked for on a click (the server prints the PDF first if needed), for the
 * lifetime chosen (issue 20), then shown as a link with a copy button and its expiry, so it can be handed on (it
 * carries no token of ours). Each link made is listed under it with Revoke (SharedLinks).
 */
export function StorageUrlLink({ id, lang, kind = 'audit_report' }: { id: string; lang: string; kind?: TSharedLinkKind }) {
  const notify = useNotify();
  const qc = useQueryClient();
  const settings = useQuery(trpc.sharedLinks.list.queryOptions({ kind, targetId: id }));
  const defaultDays = settings.data?.defaultDays;
  const [days, setDays] = useState<number | null>(null);
  const chosen = days ?? defaultDays;
  const [link, setLink] = useState<(StorageUrl & { lang: string; madeAt: number }) | null>(null);
  const [pending, setPending] = useState(false);
  const get = async () => {
    setPending(true);
    try {
      setLink({ ...(await fetchStorageUrl(id, lang, chosen !== defaultDays ? chosen : undefined, kind)), lang, madeAt: Date.now() });
      void qc.invalidateQueries({ queryKey: sharedLinksKey(kind, id) });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      notify(AUDIT_TEXT.copied, { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  // A link revoked since (the live links, read after it was made, no longer have it) is not offered any more.
  const revoked = !!link?.id && !!settings.data && settings.dataUpdatedAt > link.madeAt && !settings.data.result.some((l) => l.id === link.id);
  const shown = link && link.lang === lang && !revoked ? link : null;
  if (!shown)
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {settings.data && chosen && (
          <TextField select size="small" label={AUDIT_TEXT.validFor} value={chosen} onChange={(e) => setDays(Number(e.target.value))} sx={{ width: 150, '& .MuiSelect-select': { [coarsePointer]: { py: '10.5px' } } }}>
            {lifetimes(settings.data.defaultDays, settings.data.maxDays).map((d) => (
              <MenuItem key={d} value={d} sx={{ [coarsePointer]: { minHeight: 44 } }}>
                {AUDIT_TEXT.days(d)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="outlined" startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <LinkIcon />} disabled={pending} aria-busy={pending} onClick={() => void get()}>
          {AUDIT_TEXT.storageLinkGet}
        </Button>
      </Box>
    );
  return (
    <Box data-testid="storage-url" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Link href={shown.url} target="_blank" rel="noopener noreferrer" download={shown.fileName}>
        {shown.fileName}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {AUDIT_TEXT.storageLinkExpires(formatDateTime(shown.expiresAt))}
      </Typography>
      <Button size="small" startIcon={<CopyIcon />} onClick={() => void copy()}>
        {AUDIT_TEXT.copy}
      </Button>
    </Box>
  );
}
