import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TDocumentDetails } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { formatDateTime } from '../../lib/dates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useUnsavedChanges } from '../../components/unsaved';
import { useReloadDocuments } from './api';
import { MetadataForm, metadataDirty, type MetadataValues } from './MetadataForm';
import { UPLOAD_TEXT, kb } from './uploads';
import { useUploads } from './useUploads';
import { UploadRows } from './UploadRows';

const valuesOf = (d: TDocumentDetails): MetadataValues => ({
  categoryId: d.documentCategoryId,
  inspectionPoints: d.inspectionPoints,
  productFamilyIds: d.productFamilyIds,
  productModelIds: d.productModelIds,
});

/** Opens a short-lived signed link (GET …/document/{id}/storageurl): the blob path itself needs the bearer token. */
async function download(id: string, version?: number) {
  const { url } = await trpcClient.documents.storageUrl.query({ id, version });
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The details panel (002 §2): download, version and upload date, size, metadata editing ('Saving' while saving,
 * the save disabled), a new version, delete with confirmation. The metadata save replaces the links, so a retry
 * writes the same again.
 */
export function DocumentDetails({ id, categories, onDeleted }: { id: string; categories: { id: string; label: string }[]; onDeleted(message: string): void }) {
  const details = useQuery(trpc.documents.details.queryOptions({ id }));
  const reload = useReloadDocuments();
  const [saved, setSaved] = useState<MetadataValues | null>(null);
  const [form, setForm] = useState<MetadataValues | null>(null);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    // the form takes the loaded values once per document (a reload after a version keeps what is being edited)
    if (!details.data || loadedFor.current === details.data.id) return;
    loadedFor.current = details.data.id;
    setSaved(valuesOf(details.data));
    setForm(valuesOf(details.data));
  }, [details.data]);
  const dirty = !!form && !!saved && metadataDirty(form, saved);
  useUnsavedChanges(dirty);

  const save = useMutation({
    mutationFn: (v: MetadataValues) => trpcClient.documents.saveMetadata.mutate({
      documentId: id, categoryId: v.categoryId, inspectionPointIds: v.inspectionPoints.map((p) => p.id), productFamilyIds: v.productFamilyIds, productModelIds: v.productModelIds,
    }),
    onSuccess: async (_, v) => {
      setSaved(v);
      await reload();
    },
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => trpcClient.documents.delete.mutate({ id }),
    onSuccess: async () => {
      onDeleted(UPLOAD_TEXT.deleted);
      await reload();
    },
  });
  /** The version being fetched ('current' for the Download button), or null. */
  const [downloading, setDownloading] = useState<number | 'current' | null>(null);
  const [downloadError, setDownloadError] = useState(false);
  const versionInput = useRef<HTMLInputElement>(null);
  const versions = useUploads(() => void reload());

  const fetchVersion = async (which: number | 'current') => {
    setDownloading(which);
    setDownloadError(false);
    try {
      await download(details.data!.id, which === 'current' ? undefined : which);
    } catch {
      setDownloadError(true);
    } finally {
      setDownloading(null);
    }
  };

  if (details.isPending) return <Typography>Loading...</Typography>;
  if (details.isError || !form) return <Alert severity="error">The document could not be loaded</Alert>;
  const d = details.data;
  const busy = save.isPending || remove.isPending;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>{d.name}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}>
        <dt>Version</dt><dd data-testid="document-version">{d.version}</dd>
        <dt>Uploaded</dt><dd>{formatDateTime(d.timestamp)}</dd>
        <dt>Size</dt><dd>{kb(d.fileSize)}</dd>
        <dt>Type</dt><dd>{d.fileType}</dd>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading !== null} onClick={() => void fetchVersion('current')}>
          {downloading === 'current' ? 'Downloading...' : 'Download'}
        </Button>
        <input ref={versionInput} type="file" hidden data-testid="version-file" onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void versions.start(files, { parentDocumentId: d.id });
        }} />
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={versions.busy} onClick={() => versionInput.current?.click()}>
          Upload a new version
        </Button>
        <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirmDelete(true)}>Delete</Button>
      </Box>
      {downloadError ? <Alert severity="error">The download could not be started</Alert> : null}
      <UploadRows rows={versions.rows} label="Version uploads" busy={versions.busy} onRetry={(k) => void versions.retry(k)} />
      {remove.isError ? <Alert severity="error">{UPLOAD_TEXT.deleteFailed}</Alert> : null}
      <Typography variant="subtitle1" component="h3">Metadata</Typography>
      <MetadataForm value={form} onChange={setForm} categories={categories} disabled={busy} />
      {save.isError ? <Alert severity="error">The metadata could not be saved</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" disabled={!dirty || save.isPending} onClick={() => save.mutate(form)}>
          {save.isPending ? UPLOAD_TEXT.saving : 'Save'}
        </Button>
        <Button disabled={!dirty || save.isPending} onClick={() => saved && setForm(saved)}>Undo changes</Button>
        {save.isSuccess && !dirty ? <Typography color="success.dark" role="status">Saved</Typography> : null}
      </Box>
      {d.versions.length > 1 ? (
        <Box>
          <Typography variant="subtitle1" component="h3">Versions</Typography>
          {/* every version stays downloadable (002 §2: a new version keeps the old ones) */}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {d.versions.map((v) => (
              <Box component="li" key={v.version} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
                  Version {v.version}: {v.fileName}, {kb(v.fileSize)}, {formatDateTime(v.timestamp)}
                </Typography>
                <Button size="small" startIcon={<DownloadIcon />} sx={{ minHeight: 44 }} disabled={downloading !== null}
                  aria-label={`Download version ${v.version}`} onClick={() => void fetchVersion(v.version)}>
                  {downloading === v.version ? 'Downloading...' : 'Download'}
                </Button>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      <ConfirmDialog open={confirmDelete} title={`Delete document ${d.name}?`} text="The document is removed from the library, its packages and the inspection points it is linked to."
        yes="Delete" no="Cancel" onNo={() => setConfirmDelete(false)} onYes={() => { setConfirmDelete(false); remove.mutate(); }} />
    </Box>
  );
}
