import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PointType } from '@insp/contracts';
import { UnsavedScopeProvider, DISCARD_TEXTS, useConfirmDiscard, useUnsavedScope } from '../../components/unsaved';
import { UnsavedGuard } from '../../components/UnsavedGuard';
import type { EditorDone } from './ContentForm';
import { PointEditor } from './PointEditor';
import { ListContextPicker } from './ListContextPicker';
import { PointList, type PointListContext } from './PointList';
import { PT, TEMPLATES } from './texts';

/**
 * /InspectionPoints (001 §2, issue 9): tabs 'Inspection points' (tab-1, selected first) and 'Create inspection
 * point' (tab-2), the point list beside the editor (side by side on a wide screen, stacked at 820 px).
 * Issue 19: switching the tab, picking another point or template, or leaving the screen with unsaved edits asks first.
 */
export function InspectionPointsPage() {
  const [tab, setTab] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [template, setTemplate] = useState<PointType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [context, setContext] = useState<PointListContext>({});
  const scope = useUnsavedScope();
  const { confirm, dialog } = useConfirmDiscard();
  const done: EditorDone = (message, outcome) => {
    setNotice(message);
    // 001 §4 resets the selection after save, delete and duplicate; issue 19: a saved point stays in the editor
    if (outcome !== 'saved') setSelectedId(null);
  };

  return (
    <UnsavedScopeProvider scope={scope}>
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="h1">Inspection points</Typography>
        <Tabs value={tab} onChange={(_, t: number) => confirm(scope.unsaved, () => { setTab(t); setNotice(null); })} aria-label="Inspection points">
          <Tab id="tab-1" aria-controls="tabpanel-1" label={PT.tabList} />
          <Tab id="tab-2" aria-controls="tabpanel-2" label={PT.tabCreate} />
        </Tabs>
        {notice ? <Alert severity="success" onClose={() => setNotice(null)}>{notice}</Alert> : null}
        <Box id={`tabpanel-${tab + 1}`} role="tabpanel" aria-labelledby={`tab-${tab + 1}`}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 380px) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, display: 'grid', gap: 1.5 }}>
            <ListContextPicker value={context} onChange={setContext} />
            <PointList
              context={context}
              selectedId={tab === 0 ? selectedId : null}
              height={520}
              typeAndCategoryFilters
              onSelect={(p) => {
                if (tab === 0 && p.id === selectedId) return;
                confirm(scope.unsaved, () => {
                  setNotice(null);
                  setSelectedId(p.id);
                  setTab(0);
                });
              }}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            {tab === 0 ? (
              selectedId ? (
                <PointEditor key={selectedId} mode="edit" pointId={selectedId} onDone={done} />
              ) : (
                <Typography color="text.secondary">Select an inspection point in the list to edit it.</Typography>
              )
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Box role="group" aria-label={PT.chooseTemplate} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {TEMPLATES.map((t) => (
                    <Button key={t.type} size="small" variant={template === t.type ? 'contained' : 'outlined'} aria-pressed={template === t.type}
                      onClick={() => t.type !== template && confirm(scope.unsaved, () => { setNotice(null); setTemplate(t.type); })}>
                      {t.label}
                    </Button>
                  ))}
                </Box>
                {template ? (
                  <PointEditor key={template} mode="create" type={template} onDone={setNotice} />
                ) : (
                  <Typography color="text.secondary">Choose a template to create an inspection point.</Typography>
                )}
              </Box>
            )}
          </Paper>
        </Box>
        {dialog}
        <UnsavedGuard unsaved={scope.unsaved} texts={DISCARD_TEXTS} />
      </Box>
    </UnsavedScopeProvider>
  );
}
