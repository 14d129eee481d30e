import { ZInspectionEquipmentInput, type TProtocolFit } from '@insp/contracts';
import type { z } from 'zod';
import { MESSAGES } from './texts';

/**
 * The rules of /Reports/new, apart from the page so they read (and are tested) as rules: what is still missing,
 * which protocols to offer and what POST api/v1/inspections receives (ZInspectionCreate).
 */
export type Field = 'customer' | 'site' | 'equipmentId' | 'productFamilyId' | 'productModelId' | 'serialNumber' | 'nickName' | 'protocolId';

export interface StartForm {
  customer: { id: string; name: string } | null;
  siteId: string | null;
  mode: 'existing' | 'new';
  equipmentId: string | null;
  productFamilyId: string | null;
  productModelId: string | null;
  serialNumber: string;
  nickName: string;
  protocolId: string | null;
}

export const emptyForm: StartForm = {
  customer: null, siteId: null, mode: 'existing', equipmentId: null,
  productFamilyId: null, productModelId: null, serialNumber: '', nickName: '', protocolId: null,
};

/** What the page has loaded: the customer's number of sites (null until known) and the protocols offered. */
export interface Loaded {
  siteCount: number | null;
  protocols: TProtocolFit[] | null;
}

/** Audit protocols run inside an audit (POST refuses them), so they are not offered. */
export const offered = (protocols: TProtocolFit[]) => protocols.filter((p) => !p.type.startsWith('Audit_'));

/** The sortedByFit query for the machine chosen so far, or null until there is one to fit. */
export function fitQuery(f: StartForm) {
  if (f.mode === 'existing') return f.equipmentId ? { equipmentId: f.equipmentId } : null;
  return f.productModelId ? { productFamilyId: f.productFamilyId ?? undefined, productModelId: f.productModelId } : null;
}

/** The equipment as POST api/v1/inspections takes it: by id, or a model with a serial number or a nickname. */
export const equipmentInput = (f: StartForm): z.input<typeof ZInspectionEquipmentInput> =>
  f.mode === 'existing'
    ? { id: f.equipmentId ?? undefined }
    : { productModelId: f.productModelId ?? undefined, serialNumber: f.serialNumber, nickName: f.nickName };

/** Each field still missing or wrong, with the message shown under it. Start is enabled when this is empty. */
export function problems(f: StartForm, loaded: Loaded): Partial<Record<Field, string>> {
  const p: Partial<Record<Field, string>> = {};
  if (!f.customer) p.customer = MESSAGES.customer;
  if (loaded.siteCount === null || (loaded.siteCount > 0 && !f.siteId)) p.site = MESSAGES.site;
  if (f.mode === 'existing') {
    if (!f.equipmentId) p.equipmentId = MESSAGES.equipmentId;
  } else {
    if (!f.productFamilyId) p.productFamilyId = MESSAGES.productFamilyId;
    if (!f.productModelId) p.productModelId = MESSAGES.productModelId;
    if (!f.serialNumber.trim() && !f.nickName.trim()) p.serialNumber = MESSAGES.serialNumber;
    // The contract's own checks (length, control characters) on what would be sent, at their field.
    const checked = ZInspectionEquipmentInput.safeParse(equipmentInput(f));
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path[0];
      if ((field === 'serialNumber' || field === 'nickName') && !p[field]) p[field] = sentence(issue);
    }
  }
  if (!f.protocolId || !loaded.protocols?.some((x) => x.id === f.protocolId)) p.protocolId = MESSAGES.protocolId;
  return p;
}

const sentence = (issue: z.core.$ZodIssue) =>
  issue.code === 'too_big' ? `At most ${String(issue.maximum)} characters.` : issue.message.charAt(0).toUpperCase() + issue.message.slice(1) + '.';

/** POST api/v1/inspections' body once nothing is missing. */
export function startInput(f: StartForm) {
  return { protocolId: f.protocolId!, customerId: f.customer!.id, customerSiteId: f.siteId, equipment: equipmentInput(f) };
}

const NAMES: Record<Field, string> = {
  customer: 'customer', site: 'site', equipmentId: 'equipment', productFamilyId: 'product family', productModelId: 'product model',
  serialNumber: 'serial number or nickname', nickName: 'nickname', protocolId: 'protocol',
};

/** 'customer, site, protocol': what the hint beside Start lists. */
export const stillNeeded = (p: Partial<Record<Field, string>>) => (Object.keys(p) as Field[]).map((k) => NAMES[k]).join(', ');
