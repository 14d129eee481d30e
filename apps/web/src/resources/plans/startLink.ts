import { z } from 'zod';
import { PlanTypes, ZId, type TPlan } from '@insp/contracts';

/**
 * 'Start inspection' of a plan opens /Reports/new with the machine and the type (or the plan's protocol) in the
 * address, so the link can be opened in a new tab or bookmarked. The page checks every id against what the user
 * may pick (StartInspectionPage's prefill); an id it does not know leaves its field empty.
 */
export function startInspectionPath(p: Pick<TPlan, 'customerId' | 'customerSiteId' | 'equipmentId' | 'inspectionType' | 'protocolId'>) {
  const q = new URLSearchParams();
  if (p.customerId) q.set('customerId', p.customerId);
  if (p.customerSiteId) q.set('siteId', p.customerSiteId);
  q.set('equipmentId', p.equipmentId);
  q.set('type', p.inspectionType);
  if (p.protocolId) q.set('protocolId', p.protocolId);
  return `/Reports/new?${q.toString()}`;
}

const field = <T extends z.ZodType>(schema: T, v: string | null): z.output<T> | null => {
  const r = schema.safeParse(v);
  return r.success ? r.data : null;
};

export interface StartPrefill {
  customerId: string | null;
  siteId: string | null;
  equipmentId: string | null;
  type: (typeof PlanTypes)[number] | null;
  protocolId: string | null;
}

/** The prefill of /Reports/new from its address; each malformed value is dropped on its own. */
export function parseStartPrefill(search: URLSearchParams): StartPrefill | null {
  const p: StartPrefill = {
    customerId: field(ZId, search.get('customerId')),
    siteId: field(ZId, search.get('siteId')),
    equipmentId: field(ZId, search.get('equipmentId')),
    type: field(z.enum(PlanTypes), search.get('type')),
    protocolId: field(ZId, search.get('protocolId')),
  };
  return p.customerId ? p : null;
}
