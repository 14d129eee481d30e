import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TProtocolListItem } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DISCARD_TEXTS, UnsavedScopeProvider, useConfirmDiscard, useUnsavedScope } from '../../components/unsaved';
import { UnsavedGuard } from '../../components/UnsavedGuard';
import { CreateProtocol } from './CreateProtocol';
import { EditProtocol } from './EditProtocol';
import { ProtocolDetail } from './ProtocolDetail';
import { ProtocolList } from './ProtocolList';
import { PR } from './texts';

type ListData = { result: TProtocolListItem[]; count: number };

/** 001 §4: a deleted protocol leaves the list and the count goes down by one (the delete answers 204, no list). */
function dropFromLists(qc: QueryClient, id: string) {
  qc.setQueriesData<ListData>({ queryKey: ['protocols.list'] }, (old) => old && { result: old.result.filter((r) => r.id !== id), count: Math.max(0, old.count - 1) });
  // other pages and filters are read again when next shown
  void qc.invalidateQueries({ queryKey: ['protocols.list'], refetchType: 'none' });
}

/**
 * /Protocols (001 §2, issue 10): tab-1 the list (a row opens its detail, kept in the address as ?id= so back and
 * reload work), tab-2 the create form. The list keeps its search and page while a detail is open.
 * Issue 19: a detail's 'Edit protocol' opens the edit form (?id=…&edit=1); leaving the create or edit form with
 * unsaved work (the other tab, Cancel, back, the app's navigation, reload) asks first.
 */
export function ProtocolsPage() {
  const [tab, setTab] = useState(0);
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const editing = !!id && params.get('edit') === '1';
  const [notice, setNotice] = useState<string | null>(null);
  const qc = useQueryClient();
  const scope = useUnsavedScope();
  const { confirm, dialog } = useConfirmDiscard();
  const open = (next: string | null, message?: string) => {
    setNotice(message ?? null);
    setParams(next ? { id: next } : {});
  };
  const edit = (which: string) => {
    setNotice(null);
    setParams({ id: which, edit: '1' });
  };

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h1">{PR.title}</Typography>
      <Tabs value={tab} onChange={(_, t: number) => confirm(scope.unsaved, () => setTab(t))} aria-label={PR.title}>
        <Tab id="tab-1" aria-controls="tabpanel-1" label={PR.tabList} />
        <Tab id="tab-2" aria-controls="tabpanel-2" label={PR.tabCreate} />
      </Tabs>
      <Box id={`tabpanel-${tab + 1}`} role="tabpanel" aria-labelledby={`tab-${tab + 1}`} sx={{ minWidth: 0 }}>
        {tab === 0 ? (
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            {notice ? <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>{notice}</Alert> : null}
            <Box sx={{ display: id ? 'none' : 'block' }}>
              <ProtocolList onOpen={(r) => open(r.id)} />
            </Box>
            {editing ? (
              <UnsavedScopeProvider scope={scope}>
                <EditProtocol key={id} id={id} onSaved={(p, message) => open(p.id, message)} onCancel={() => open(id)} />
              </UnsavedScopeProvider>
            ) : id ? (
              <ProtocolDetail
                key={id}
                id={id}
                onBack={() => open(null)}
                onOpen={open}
                onEdit={() => edit(id)}
                onDeleted={() => {
                  dropFromLists(qc, id);
                  open(null, 'Protocol deleted.');
                }}
              />
            ) : null}
          </Paper>
        ) : (
          <UnsavedScopeProvider scope={scope}>
            <CreateProtocol />
          </UnsavedScopeProvider>
        )}
      </Box>
      {dialog}
      {/* the edit lives at ?id=…&edit=1: leaving it for the detail or the list is a change of the query */}
      <UnsavedGuard unsaved={scope.unsaved} texts={DISCARD_TEXTS} alsoSearch />
    </Box>
  );
}
