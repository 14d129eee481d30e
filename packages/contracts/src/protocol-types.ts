import { HiddenInspectionTypes, ProtocolTypes, type PointType, type ProtocolType } from './domain-enums.js';

/**
 * Protocol types as the screens name and offer them (spec 001 §1, §5). No zod here: the web app's signed-in shell
 * imports these, and a module with schemas would bring zod into every screen's first load (issue 23). protocols.ts
 * re-exports them.
 */

const hidden = new Set<string>(HiddenInspectionTypes);
/** Types offered when creating a protocol: every protocol type but Custom and CustomPoints (001 §1). */
export const CreatableProtocolTypes = ProtocolTypes.filter((t) => !hidden.has(t)) as Exclude<ProtocolType, 'Custom' | 'CustomPoints'>[];

/**
 * decision (issue 10): the types 'only shown to specific groups' (001 §1 names the flag, not the types) are the
 * ones a specialised staff group runs: audits (group audit), commissioning of new machines (commission), the
 * equipment configurator (mecu) and factory acceptance tests.
 */
export const SpecificGroupProtocolTypes: readonly string[] = ['Commission', 'Equipment_Configurator', 'Audit_Site', 'Audit_Site_Operational', 'Audit_Extra_Points', 'Audit_Machine', 'Audit_Quick', 'Audit_Screen', 'FAT'];
export const SPECIFIC_GROUPS_NOTE = 'This inspection type is only shown to specific groups';

/**
 * spec 001 §5 'Equipment configurator filter accepts only Measurement points': the point types a protocol of the
 * type may hold, or null when it takes any point. 'Measurement' is the point type of that name only (not
 * MeasurementsWithPicture, a table type). The API refuses other points with a 400 naming them; the web offers only these.
 */
const POINT_TYPES_BY_PROTOCOL_TYPE: Partial<Record<string, readonly PointType[]>> = { Equipment_Configurator: ['Measurement'] };
export const allowedPointTypes = (protocolType: string): readonly PointType[] | null => POINT_TYPES_BY_PROTOCOL_TYPE[protocolType] ?? null;

/** A type's display name, as the web shows it ('Mid_Year' → 'Mid year', 'FAT' stays). */
export function protocolTypeLabel(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((w, i) => (i === 0 || w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
}
