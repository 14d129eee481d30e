import type {
  TInspectionPoint,
  TInspectionPointListItem,
  TInspectionPointListQuery,
  TInspectionPointWrite,
  TPointProtocols,
  TProductCategoryRow,
  TProductFamilyWithModels,
} from '@insp/contracts';
import { trpcClient } from '../../providers/trpc';

/**
 * The calls of the point authoring screen, in one place with the contract types. The procedures are written
 * in parallel (inspectionPoints.*, pointAuthoring.*); this module reaches them by path so the screen does not
 * depend on their TypeScript inference, and a renamed procedure is fixed here alone.
 */
type Proc = { query: (input?: unknown) => Promise<unknown>; mutate: (input?: unknown) => Promise<unknown> };
const proc = (router: string, name: string): Proc => {
  const r = (trpcClient as unknown as Record<string, Record<string, Proc>>)[router];
  const p = r?.[name];
  if (!p) throw new Error(`${router}.${name} is not available`);
  return p;
};
const q = <T>(router: string, name: string, input?: unknown) => proc(router, name).query(input) as Promise<T>;
const m = <T>(router: string, name: string, input?: unknown) => proc(router, name).mutate(input) as Promise<T>;

export interface TLanguage { id: string; name: string }
export interface TUnit { id: string; name: string; symbol?: string; value?: string }
export interface TNamed { id: string; name: string }
export interface TEquipmentRow { id: string; serial?: string | null; serialNumber?: string | null; productModelId?: string | null }
export interface TDocRow { id: string; name: string; fileType?: string; fileSize?: number; linked?: boolean }
export interface TDocCategory { id: string; name: string; documents: TDocRow[]; subCategories?: Array<{ id: string; name: string; documents: TDocRow[] }> }
export interface TDocTree { categories: TDocCategory[]; uncategorized: TDocRow[] }
export interface TTranslationItem { id?: string | null; translationLanguage: string; translationText: string }

export const pointsApi = {
  list: (query: TInspectionPointListQuery) => q<{ result: TInspectionPointListItem[]; count: number }>('inspectionPoints', 'list', query),
  get: (id: string) => q<TInspectionPoint>('inspectionPoints', 'get', { id }),
  create: (data: TInspectionPointWrite) => m<TInspectionPoint>('inspectionPoints', 'create', data),
  /** deleteMissingById: what the payload omits is removed (001 §7). */
  update: (id: string, data: TInspectionPointWrite) => m<TInspectionPoint>('inspectionPoints', 'update', { ...data, id }),
  duplicate: (id: string) => m<TInspectionPoint>('inspectionPoints', 'duplicate', { id }),
  updateGeneralFields: (data: Record<string, unknown> & { id: string }) => m<unknown>('inspectionPoints', 'updateGeneralFields', data),
  delete: (id: string) => m<unknown>('inspectionPoints', 'delete', { id }),
  protocols: (id: string) => q<TPointProtocols>('inspectionPoints', 'protocols', { id }),
};

export const refApi = {
  units: () => q<TUnit[]>('pointAuthoring', 'units'),
  languages: () => q<TLanguage[]>('pointAuthoring', 'languages'),
  useCases: () => q<Array<string | TNamed>>('pointAuthoring', 'useCases'),
  documentTree: () => q<TDocTree>('pointAuthoring', 'documentTree'),
  updateTranslations: (input: { id: string; kind: 'Name' | 'Description'; items: TTranslationItem[] }) =>
    m<unknown>('pointAuthoring', 'updateTranslations', input),
  categories: () => trpcClient.productFamilies.categories.query() as Promise<TProductCategoryRow[]>,
  families: () => trpcClient.productFamilies.all.query() as Promise<TProductFamilyWithModels[]>,
  equipmentByModels: (productModelIds: string[]) =>
    productModelIds.length ? (trpcClient.equipment.byProductModels.query({ productModelIds }) as Promise<TEquipmentRow[]>) : Promise.resolve([]),
};

/** PUT api/v1/inspectionPoints/{id}/files (multipart) with upload progress: fetch has none, XHR does (001 §4 blob upload states). */
export function uploadPointFiles(id: string, files: File[], token: string | null, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/v1/inspectionPoints/${encodeURIComponent(id)}/files`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error('Uploading failed')));
    xhr.onerror = () => reject(new Error('Uploading failed'));
    const body = new FormData();
    for (const f of files) body.append('files', f, f.name);
    xhr.send(body);
  });
}
