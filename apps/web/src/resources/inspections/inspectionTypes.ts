import { HiddenInspectionTypes, ProtocolTypes, protocolTypeLabel, type InspectionStatus } from '@insp/contracts';

/** A type's display name ('Mid_Year' → 'Mid year', 'Equipment_Configurator' → 'Equipment configurator', 'FAT'): the API's words too. */
export const typeLabel = protocolTypeLabel;

const hidden = new Set<string>(HiddenInspectionTypes);

/**
 * spec 000 §2.3: the type checkboxes of /Reports, sorted by display name, without Custom, CustomPoints and
 * every Audit_* type (audit runs belong to audits); the report type FAT is included.
 */
export const filterTypes: string[] = ProtocolTypes.filter((t) => !hidden.has(t) && !t.startsWith('Audit_')).sort((a, b) =>
  typeLabel(a).localeCompare(typeLabel(b), 'en'),
);

const statusLabels: Record<InspectionStatus, string> = { In_Use: 'In use', Waiting: 'Waiting', Finished: 'Finished' };

/** spec 000 §4: In use / Waiting / Finished; any other value is shown as it came. */
export const statusLabel = (status: string) => statusLabels[status as InspectionStatus] ?? status;
