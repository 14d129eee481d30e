import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MetaTypes, type PointType, type TInspectionPoint } from '@insp/contracts';
import { UnsavedScopeProvider, useConfirmDiscard, useUnsavedScope } from '../../components/unsaved';
import { shownMessage } from '../../lib/errors';
import { pointsApi } from './api';
import { ContentForm, type EditorDone } from './ContentForm';
import { GeneralFieldsEditor } from './GeneralFieldsEditor';
import { LocalizationTab } from './LocalizationTab';
import { POINT_TYPE_NAMES } from './texts';

export interface EditorProps {
  mode: 'create' | 'edit';
  /** create mode: the chosen template */
  type?: PointType;
  /** edit mode: the selected point */
  pointId?: string;
  /** After save, delete or duplicate: the message says what happened, the outcome which one it was. */
  onDone: EditorDone;
}

/** The point editor (001 §2): content, localization and general-fields tabs around the common form and the type editor. */
export function PointEditor({ mode, type, pointId, onDone }: EditorProps) {
  const point = useQuery({ queryKey: ['inspectionPoints.get', pointId], queryFn: () => pointsApi.get(pointId!), enabled: mode === 'edit' && !!pointId });
  const [tab, setTab] = useState(0);
  useEffect(() => setTab(0), [pointId, mode]);
  // issue 19: the localization and general-fields tabs are unmounted when left, so leaving one with unsaved edits
  // asks; the content form stays mounted (below) and needs no question to switch tabs
  const tabScope = useUnsavedScope();
  const { confirm, dialog } = useConfirmDiscard();
  if (mode === 'edit') {
    if (point.error) return <Alert severity="error">{shownMessage(point.error)}</Alert>;
    if (!point.data) return <Typography>Loading…</Typography>;
  }
  const p = point.data ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {p ? <PointHeader point={p} /> : null}
      <Tabs value={tab} onChange={(_, t: number) => confirm(tabScope.unsaved, () => setTab(t))} aria-label="Point editor" variant="scrollable" allowScrollButtonsMobile>
        <Tab label="Content" id="editor-tab-content" aria-controls="editor-panel" />
        {/* 001 §2: localization disabled while creating */}
        <Tab label="Localization" id="editor-tab-localization" aria-controls="editor-panel" disabled={mode === 'create'} />
        {mode === 'edit' ? <Tab label="General fields" id="editor-tab-general" aria-controls="editor-panel" /> : null}
      </Tabs>
      <Box id="editor-panel" role="tabpanel" aria-labelledby={['editor-tab-content', 'editor-tab-localization', 'editor-tab-general'][tab]}>
        {/* the content form stays mounted behind the other tabs, and across the point's other saves (translations,
            general fields), so a look or a save there keeps unsaved content edits */}
        <Box hidden={tab !== 0}>
          <ContentForm key={p ? p.id : `new:${type}`} mode={mode} type={type} point={p} onDone={onDone} />
        </Box>
        <UnsavedScopeProvider scope={tabScope}>
          {tab === 1 && p ? <LocalizationTab point={p} /> : null}
          {tab === 2 && p ? <GeneralFieldsEditor point={p} /> : null}
        </UnsavedScopeProvider>
      </Box>
      {dialog}
    </Box>
  );
}

/** Point id, main category and other categories as small grey text (001 §2). */
function PointHeader({ point }: { point: TInspectionPoint }) {
  const known = new Set<string>(MetaTypes);
  const others = point.metas.filter((m) => !known.has(m.type)).map((m) => m.value || m.type);
  return (
    <Box sx={{ color: 'text.secondary' }}>
      <Typography variant="h2" sx={{ color: 'text.primary' }}>{point.name}</Typography>
      <Typography variant="caption" component="div">Id: {point.id} · {POINT_TYPE_NAMES[point.type]}</Typography>
      <Typography variant="caption" component="div">Main category: {point.category || point.productCategoryName}</Typography>
      {others.length ? <Typography variant="caption" component="div">Other categories: {others.join(', ')}</Typography> : null}
    </Box>
  );
}
