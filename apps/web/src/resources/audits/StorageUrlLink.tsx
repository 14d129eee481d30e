import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { useNotify } from 'react-admin';
import { formatDateTime } from '../../lib/dates';
import { getToken } from '../../providers/token';
import { AUDIT_TEXT } from './texts';

export interface StorageUrl {
  url: string;
  expiresAt: string | number;
  fileName: string;
}

/** GET api/v1/audits/{id}/reportpdf/storageurl?lang= (000 §7): a signed link to the stored PDF, valid for an hour. */
export async function fetchStorageUrl(id: string, lang: string): Promise<StorageUrl> {
  const token = getToken();
  const res = await fetch(`/api/v1/audits/${encodeURIComponent(id)}/reportpdf/storageurl?lang=${encodeURIComponent(lang)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.status !== 200) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The PDF link could not be made (${res.status}).`);
  }
  return (await res.json()) as StorageUrl;
}

/**
 * The storage-URL link of the audit PDF: asked for on a click (the server prints the PDF first if needed), then
 * shown as a link with a copy button and its expiry, so it can be handed on (it carries no token of ours).
 */
export function StorageUrlLink({ id, lang }: { id: string; lang: string }) {
  const notify = useNotify();
  const [link, setLink] = useState<(StorageUrl & { lang: string }) | null>(null);
  const [pending, setPending] = useState(false);
  const get = async () => {
    setPending(true);
    try {
      setLink({ ...(await fetchStorageUrl(id, lang)), lang });
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
  const shown = link && link.lang === lang ? link : null;
  if (!shown)
    return (
      <Button variant="outlined" startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <LinkIcon />} disabled={pending} aria-busy={pending} onClick={() => void get()}>
        {AUDIT_TEXT.storageLinkGet}
      </Button>
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
