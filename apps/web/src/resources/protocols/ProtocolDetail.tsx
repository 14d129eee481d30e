import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TProtocol } from '@insp/contracts';
import { formatDateTime } from '../../lib/dates';
import { shownMessage } from '../../lib/errors';
import { useLanguages } from '../inspection-points/refs';
import { LanguageSelect } from '../inspections/LanguageSelect';
import { protocolsApi } from './api';
import { CopyProtocolDialog } from './CopyProtocolDialog';
import { DeleteProtocolDialog } from './DeleteProtocolDialog';
import { DetailCategories } from './DetailCategories';
import { ExportProgress } from './ExportProgress';
import { PR } from './texts';
import { useExport } from './useExport';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

function Versions({ p, onOpen }: { p: TProtocol; onOpen: (id: string) => void }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {p.versions.map((v) => (
        <li key={v.id}>
          {v.id === p.id ? (
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>Version {v.version} (shown)</Typography>
          ) : (
            <Link component="button" variant="body2" onClick={() => onOpen(v.id)} sx={{ verticalAlign: 'baseline' }}>Version {v.version}</Link>
          )}
          <Typography component="span" variant="body2" color="text.secondary">
            {` · ${formatDateTime(v.created)} · used by ${v.inspectionCount} inspection${v.inspectionCount === 1 ? '' : 's'}`}
            {v.supersededAt ? ' · superseded' : ''}
          </Typography>
          {v.changes?.length ? (
            <Box component="ul" aria-label={PR.changesOf(v.version)} sx={{ m: 0, pl: 2.5 }}>
              {v.changes.map((line, i) => <Typography component="li" variant="body2" key={i}>{line}</Typography>)}
            </Box>
          ) : null}
        </li>
      ))}
    </Box>
  );
}

/**
 * The detail view (001 §2): back, edit (issue 19; not on an old version), Excel export, copy (asked first, then the copy's page opens), delete; the
 * protocol's facts, its versions (old ones linked) and its categories with their points. `onOpen` shows another protocol (a copy, a version).
 */
export function ProtocolDetail({ id, onBack, onOpen, onEdit, onDeleted }: { id: string; onBack: () => void; onOpen: (id: string, notice?: string) => void; onEdit: () => void; onDeleted: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['protocols.get', id], queryFn: () => protocolsApi.get(id) });
  const p = q.data;
  const [lang, setLang] = useState('en');
  const languages = useLanguages();
  // English stands alone until the list arrives (or if it fails): the export's default language
  const langOptions = languages.data?.length ? languages.data.map((l) => ({ code: l.id, name: l.name })) : [{ code: 'en', name: 'English' }];
  const exp = useExport(id, `${p?.name ?? 'protocol'}.xlsx`, lang);
  const [deleting, setDeleting] = useState(false);
  const [copying, setCopying] = useState(false);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>{PR.back}</Button>
        <Box sx={{ flex: 1 }} />
        <LanguageSelect value={lang} onChange={setLang} languages={langOptions} label={PR.exportLanguage} />
        <Button variant="outlined" disabled={!p || !!exp.job} aria-busy={!!exp.job} onClick={() => void exp.start()}
          startIcon={exp.job ? <CircularProgress size={16} aria-hidden /> : undefined}>
          {exp.job ? PR.exporting : PR.export}
        </Button>
        {/* an old version is not changed (the server answers 409): no button for it */}
        {p && !p.supersededAt ? <Button variant="contained" onClick={onEdit}>{PR.edit}</Button> : null}
        <Button variant="outlined" disabled={!p} onClick={() => setCopying(true)}>{PR.copy}</Button>
        <Button variant="outlined" color="error" disabled={!p} onClick={() => setDeleting(true)}>{PR.delete}</Button>
      </Box>
      {exp.error ? <Alert severity="error" onClose={exp.clear}>{exp.error}</Alert> : null}
      {exp.saved ? <Alert severity="success" onClose={exp.clear}>{PR.exportSaved(exp.saved)}</Alert> : null}
      {q.error ? <Alert severity="error">{shownMessage(q.error)}</Alert> : null}
      {q.isPending ? <CircularProgress aria-label="Loading the protocol" /> : null}
      {p ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>{p.name}</Typography>
          {p.supersededAt ? <Alert severity="info">This is an old version (superseded {formatDateTime(p.supersededAt)}). {PR.oldVersionNoEdit}</Alert> : null}
          {p.draft ? <Alert severity="info">{PR.draftNote}</Alert> : null}
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
            <Field label="Id">{p.id}</Field>
            <Field label="Created">{formatDateTime(p.created)}</Field>
            <Field label="Created by">{p.createdBy ?? '–'}</Field>
            <Field label="Products">{p.products.length ? p.products.join(', ') : PR.anyProduct}</Field>
            <Field label="Type">{p.typeName}</Field>
            <Field label="Version">{p.version}</Field>
            <Field label="Versions"><Versions p={p} onOpen={onOpen} /></Field>
          </Box>
          <DetailCategories protocol={p} onOpen={onOpen} />
          <CopyProtocolDialog protocol={copying ? p : null} onClose={() => setCopying(false)} onCopied={(c) => {
            void qc.invalidateQueries({ queryKey: ['protocols.list'] });
            onOpen(c.id, PR.copied(c.name));
          }} />
          <DeleteProtocolDialog protocol={deleting ? p : null} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
          <ExportProgress job={exp.job} name={p.name} onCancel={exp.cancel} />
        </>
      ) : null}
    </Box>
  );
}
