import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TDocumentPackage, TDocumentPackageSummary } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { useCreateOnce } from '../../lib/useCreateOnce';
import { useDebounced } from '../../components/useDebounced';
import { useReloadDocuments } from './api';
import type { Named } from './MetadataForm';

/** 002 §3, §9: the package types by their shown names. */
export const PACKAGE_TYPES = [
  { type: 'Auto', name: 'Automatic synching' },
  { type: 'Proposed', name: 'Proposed for synching' },
  { type: 'Manual', name: 'Manual synching' },
] as const;
type PackageType = (typeof PACKAGE_TYPES)[number]['type'];
type PackageData = { name: string; type: PackageType; DocumentIds: string[] };

/** 002 §2: a package's line, 'N files, type'. */
export const packageLine = (p: Pick<TDocumentPackageSummary, 'documentCount' | 'typeName'>) => `${p.documentCount} files, ${p.typeName}`;

/** Packages per page of the list (paged in SQL; 'Show more' asks for the next). */
const PACKAGES_PAGE = 20;

/** A package opened from the list: its documents are read now (the list carries only their count). */
function PackageDialog({ pkg, onClose }: { pkg: TDocumentPackageSummary | 'new'; onClose(): void }) {
  const full = useQuery({ ...trpc.documents.package.queryOptions({ id: pkg === 'new' ? '' : pkg.documentPackageId }), enabled: pkg !== 'new' });
  if (pkg === 'new') return <PackageForm existing={null} onClose={onClose} />;
  if (full.data) return <PackageForm existing={full.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="package-title">
      <DialogTitle id="package-title">{`Edit package ${pkg.name}`}</DialogTitle>
      <DialogContent>
        {full.isError ? <Alert severity="error">{shownMessage(full.error)}</Alert> : <Typography>Loading...</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

function PackageForm({ existing, onClose }: { existing: TDocumentPackage | null; onClose(): void }) {
  const [name, setName] = useState(existing?.name ?? '');
  const [type, setType] = useState<PackageType>(existing?.type ?? 'Manual');
  const [docs, setDocs] = useState<Named[]>(existing?.documents.map((d) => ({ id: d.id, name: d.name })) ?? []);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 200);
  const choices = useQuery({ ...trpc.documents.list.queryOptions({ search, offset: 0, amount: 20, orderKey: 'name', orderDirection: 'asc' }), placeholderData: keepPreviousData });
  const reload = useReloadDocuments();
  // A new package is one attempt with an idempotency key (lib/useCreateOnce.ts): a save after a lost answer sends the
  // same key and body, so the server answers the package it made instead of making a second.
  const { createOnce } = useCreateOnce<PackageData, TDocumentPackage>({
    create: (data, clientRequestId) => trpcClient.documents.createPackage.mutate({ ...data, clientRequestId }),
    update: (made, data) => trpcClient.documents.updatePackage.mutate({ documentPackageId: made.documentPackageId, data }),
  });
  const save = useMutation({
    mutationFn: async () => {
      const data: PackageData = { name, type, DocumentIds: docs.map((d) => d.id) };
      if (existing) return trpcClient.documents.updatePackage.mutate({ documentPackageId: existing.documentPackageId, data });
      return createOnce(data);
    },
    onSuccess: async () => {
      await reload();
      onClose();
    },
  });
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="package-title">
      <DialogTitle id="package-title">{existing ? `Edit package ${existing.name}` : 'New document package'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required disabled={save.isPending} />
        <TextField select label="Type" value={type} onChange={(e) => setType(e.target.value as PackageType)} disabled={save.isPending}>
          {PACKAGE_TYPES.map((t) => <MenuItem key={t.type} value={t.type}>{t.name}</MenuItem>)}
        </TextField>
        <Autocomplete multiple options={(choices.data?.result ?? []).map((d) => ({ id: d.id, name: d.name }))} value={docs} filterOptions={(x) => x}
          isOptionEqualToValue={(a, b) => a.id === b.id} getOptionLabel={(o) => o.name} disabled={save.isPending}
          onChange={(_, v) => setDocs(v)} onInputChange={(_, v, reason) => { if (reason !== 'reset') setText(v); }}
          renderInput={(params) => <TextField {...params} label="Documents" />} />
        {save.error ? <Alert severity="error">{shownMessage(save.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>Cancel</Button>
        {/* disabled while pending: a double click sends one package */}
        <Button variant="contained" onClick={() => save.mutate()} disabled={!name.trim() || save.isPending}>{save.isPending ? 'Saving' : 'Save'}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The document packages list ('N files, type') with create and edit (002 §2, §7 documentpackage), paged in SQL. */
export function PackagesPanel() {
  const [pages, setPages] = useState(1);
  const packages = useQuery({
    ...trpc.documents.packagesPage.queryOptions({ offset: 0, amount: PACKAGES_PAGE * pages, orderKey: 'name', orderDirection: 'asc', search: '' }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<TDocumentPackageSummary | 'new' | null>(null);
  const rows = packages.data?.result ?? [];
  const count = packages.data?.count ?? 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">Document packages</Typography>
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>New package</Button>
      </Box>
      {packages.isPending ? <Typography>Loading...</Typography> : null}
      {packages.isError ? <Alert severity="error">The packages could not be loaded</Alert> : null}
      <List aria-label="Document packages">
        {rows.map((p) => (
          <ListItem key={p.documentPackageId} disablePadding>
            <ListItemButton onClick={() => setEditing(p)} sx={{ minHeight: 44 }}>
              <ListItemText primary={p.name} secondary={packageLine(p)} />
            </ListItemButton>
          </ListItem>
        ))}
        {packages.data && !rows.length ? <ListItem><Typography color="text.secondary">No packages</Typography></ListItem> : null}
      </List>
      {rows.length < count ? (
        <Button onClick={() => setPages((n) => n + 1)} disabled={packages.isFetching}>Show more ({rows.length} of {count})</Button>
      ) : null}
      {editing ? <PackageDialog pkg={editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
