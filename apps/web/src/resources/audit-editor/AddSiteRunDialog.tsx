import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInspectionWrites } from '../../inspection-writes';
import { trpc } from '../../providers/trpc';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { RunDialog } from './RunDialog';
import { SelectField } from './SelectField';
import { AUDIT_TEXT } from './texts';

export type SiteRunKind = 'Audit_Site' | 'Audit_Site_Operational';

/**
 * Issue 20: an audit started while no site (or operational) protocol existed, or whose run was deleted, gets it
 * here: the protocol of that kind (site protocols have no targets, so every live one fits), no stage, no equipment.
 */
export function AddSiteRunDialog({ kind, onClose }: { kind: SiteRunKind; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [protocolId, setProtocolId] = useState<string | null>(null);
  const { busy, error, write } = useDialogWrite(onClose);
  const fits = useQuery(trpc.protocolFit.sortedByFit.queryOptions({ type: kind }));
  // the only protocol of its kind is chosen for the person
  useEffect(() => {
    if (fits.data?.length === 1) setProtocolId(fits.data[0]!.id);
  }, [fits.data]);
  const add = () => write(() => writes.addRun(auditId, { protocolRunType: kind, protocolId }));
  return (
    <RunDialog open title={AUDIT_TEXT.addSiteRunTitle(kind)} action={AUDIT_TEXT.addButton} enabled={!!protocolId} busy={busy} error={error}
      onAction={() => void add()} onClose={onClose}>
      {fits.data?.length === 0 ? <span>{AUDIT_TEXT.noSiteProtocol}</span> : null}
      <SelectField label={AUDIT_TEXT.protocol} required value={protocolId} disabled={!fits.data?.length} options={fits.data ?? []} onChange={setProtocolId} />
    </RunDialog>
  );
}
