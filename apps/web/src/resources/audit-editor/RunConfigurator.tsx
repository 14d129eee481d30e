import { useState } from 'react';
import Typography from '@mui/material/Typography';
import type { TAuditRun } from '@insp/contracts';
import { useItemWrites } from '../../inspection-writes';
import { auditItem, WriteStatus } from '../../offline-queue';
import { ConfiguratorItems } from '../inspection-edit/Configurator';
import { configuratorEntries, type ConfigEntry } from '../inspection-edit/formValues';
import { configuratorObject } from '../inspection-edit/toUpdate';
import { useAuditEditing } from './context';
import { SaveMarker } from './SaveMarker';
import { AUDIT_TEXT } from './texts';
import { useAutosave } from './useAutosave';

/**
 * Issue 20: an Equipment_Configurator run's equipment configurator, edited in the audit editor as the report edit
 * form edits an inspection's and autosaved like the rest of the editor (1 s after the last change, (*) meanwhile).
 * One that is not a flat list of items is shown as it is.
 */
export function RunConfigurator({ run }: { run: TAuditRun }) {
  const { auditId, readOnly } = useAuditEditing();
  const item = auditItem(auditId, 'configurator', run.id);
  const writes = useItemWrites(item);
  const [list, setList] = useState<ConfigEntry[] | null>(() => configuratorEntries(run.equipmentConfigurator, run.protocolType));
  const autosave = useAutosave((next: ConfigEntry[]) => writes.setRunConfigurator(auditId, run.id, { equipmentConfigurator: configuratorObject(next) }));
  if (list == null) {
    return <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, fontSize: '0.875rem' }}>{JSON.stringify(run.equipmentConfigurator, null, 2)}</Typography>;
  }
  return (
    <>
      <ConfiguratorItems
        list={list}
        editable={!readOnly}
        status={<><SaveMarker state={autosave.state} /><WriteStatus item={item} refusalShown={!!autosave.error} /></>}
        onChange={(next) => {
          setList(next);
          autosave.change(next);
        }}
      />
      {autosave.error && <Typography role="alert" variant="body2" color="error">{AUDIT_TEXT.notSaved(autosave.error)}</Typography>}
    </>
  );
}
