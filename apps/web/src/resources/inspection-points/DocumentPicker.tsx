import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { shownMessage } from '../../lib/errors';
import { refApi, type TDocRow } from './api';

/** File size in KB to 2 decimals (001 §9). */
export const kb = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toFixed(2)} KB`;

interface Group { id: string; name: string; documents: TDocRow[]; depth: number }

function DocGroup({ group, chosen, toggle }: { group: Group; chosen: ReadonlySet<string>; toggle: (d: TDocRow) => void }) {
  // 001 §2, §9: a category with more than 5 documents starts collapsed
  const [open, setOpen] = useState(group.documents.length <= 5);
  return (
    <Box sx={{ pl: group.depth * 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${group.name}`} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
        <Typography variant="subtitle2">{group.name} ({group.documents.length})</Typography>
      </Box>
      <Collapse in={open} unmountOnExit>
        {group.documents.map((d) => (
          <Box key={d.id} sx={{ display: 'flex', alignItems: 'center', pl: 4 }}>
            <FormControlLabel
              label={`${d.name} (${kb(d.fileSize)})`}
              control={<Checkbox size="small" checked={chosen.has(d.id)} onChange={() => toggle(d)} />}
            />
            {!d.linked ? (
              <Tooltip title="This document is not linked to any product family or model" enterDelay={500} leaveDelay={200}>
                <WarningAmberIcon color="warning" fontSize="small" aria-label="Not linked to a product" />
              </Tooltip>
            ) : null}
          </Box>
        ))}
      </Collapse>
    </Box>
  );
}

/**
 * Document picker dialog (001 §2): categories, subcategories and documents plus an 'uncategorized' group.
 * `chosen` is what the point would have attached; ticking and unticking calls `toggle`.
 */
export function DocumentPicker(props: { open: boolean; onClose: () => void; chosen: ReadonlySet<string>; toggle: (d: TDocRow) => void }) {
  const tree = useQuery({ queryKey: ['pointRefs', 'documentTree'], queryFn: refApi.documentTree, enabled: props.open, staleTime: 60_000 });
  const groups: Group[] = [
    ...(tree.data?.categories ?? []).flatMap((c) => [
      { id: c.id, name: c.name, documents: c.documents, depth: 0 },
      ...(c.subCategories ?? []).map((s) => ({ id: s.id, name: s.name, documents: s.documents, depth: 1 })),
    ]),
    { id: 'uncategorized', name: 'uncategorized', documents: tree.data?.uncategorized ?? [], depth: 0 },
  ];
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="doc-picker-title">
      <DialogTitle id="doc-picker-title">Attach documents</DialogTitle>
      <DialogContent dividers>
        {tree.error ? <Alert severity="error">{shownMessage(tree.error)}</Alert> : null}
        {tree.isPending ? <Typography>Loading…</Typography> : groups.map((g) => <DocGroup key={g.id} group={g} chosen={props.chosen} toggle={props.toggle} />)}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
