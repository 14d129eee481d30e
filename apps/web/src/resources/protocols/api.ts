import type { TProtocol, TProtocolCreateInput, TProtocolDependencySaved, TProtocolListItem, TProtocolListQuery, TProtocolTypeOption, TProtocolUpdateInput } from '@insp/contracts';
import { trpcClient } from '../../providers/trpc';
import { getToken } from '../../providers/token';

const pr = trpcClient.protocols;

export interface TPhase { id: string; name: string }
export interface TCategoryTitle { id: string; text: string }

/** The calls of /Protocols (tRPC protocols.*, REST for the two answers the spec reads by status: 201 and the .xlsx). */
export const protocolsApi = {
  types: () => pr.types.query() as Promise<TProtocolTypeOption[]>,
  list: (q: Partial<TProtocolListQuery>) => pr.list.query(q) as Promise<{ result: TProtocolListItem[]; count: number }>,
  get: (id: string) => pr.get.query({ id }) as Promise<TProtocol>,
  copy: (id: string) => pr.copy.mutate({ id }) as Promise<TProtocol>,
  update: (id: string, protocol: TProtocolUpdateInput) => pr.update.mutate({ id, protocol: protocol as Parameters<typeof pr.update.mutate>[0]['protocol'] }) as Promise<TProtocol>,
  softDelete: (id: string) => pr.softDelete.mutate({ id }),
  updateDependencyJson: (input: { id: string; pointId: string; dependencyId: string; json: unknown }) =>
    pr.updateDependencyJson.mutate(input as Parameters<typeof pr.updateDependencyJson.mutate>[0]) as Promise<TProtocolDependencySaved>,
  exportStatus: (id: string, lang = 'en') => pr.exportStatus.mutate({ id, lang }),
  phases: () => trpcClient.pointAuthoring.inspectionPhases.query() as Promise<TPhase[]>,
  createPhase: (name: string) => trpcClient.pointAuthoring.createInspectionPhase.mutate({ Name: name }) as Promise<TPhase>,
  categoryTitles: () => trpcClient.pointAuthoring.categoryTitles.query() as Promise<TCategoryTitle[]>,
};

export interface SaveAnswer {
  status: number | null;
  field: string | null;
  message: string;
}

/**
 * POST api/v1/inspectionProtocols over REST: 001 §4/§7 judge the save by its HTTP status (201 is success, anything
 * else an error kept with its status), which the REST call answers as such.
 */
export async function saveProtocol(body: TProtocolCreateInput): Promise<SaveAnswer> {
  const token = getToken();
  try {
    const res = await fetch('/api/v1/inspectionProtocols', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status === 201) return { status: 201, field: null, message: '' };
    const data = (await res.json().catch(() => null)) as { message?: string; field?: string } | null;
    return { status: res.status, field: data?.field ?? null, message: data?.message ?? res.statusText };
  } catch (e) {
    return { status: null, field: null, message: e instanceof Error ? e.message : String(e) };
  }
}

/** GET .../{id}/export with the bearer token once exportStatus said 'ready'. */
export async function downloadExport(id: string, lang = 'en'): Promise<Response> {
  const token = getToken();
  return fetch(`/api/v1/InspectionProtocols/${encodeURIComponent(id)}/export?lang=${encodeURIComponent(lang)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
