import { isId, PlanTypes, type PlanType, type TPlan } from '@insp/contracts';

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

// without zod: this module is on My page's first load (issue 23); isId answers as ZId
const id = (v: string | null) => (isId(v) ? v : null);
const planType = (v: string | null) => ((PlanTypes as readonly (string | null)[]).includes(v) ? (v as PlanType) : null);

export interface StartPrefill {
  customerId: string | null;
  siteId: string | null;
  equipmentId: string | null;
  type: PlanType | null;
  protocolId: string | null;
}

/** The prefill of /Reports/new from its address; each malformed value is dropped on its own. */
export function parseStartPrefill(search: URLSearchParams): StartPrefill | null {
  const p: StartPrefill = {
    customerId: id(search.get('customerId')),
    siteId: id(search.get('siteId')),
    equipmentId: id(search.get('equipmentId')),
    type: planType(search.get('type')),
    protocolId: id(search.get('protocolId')),
  };
  return p.customerId ? p : null;
}
