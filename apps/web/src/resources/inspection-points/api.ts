import type {
  TInspectionPoint,
  TInspectionPointListItem,
  TInspectionPointListQuery,
  TInspectionPointWrite,
  TPointProtocols,
  TDocumentTree,
  TPickerDocument,
  TProductCategoryRow,
  TProductFamilyWithModels,
  TPointText,
  TPointTextTranslationsSave,
  TCategoryTitleTranslations,
  TCategoryTitleTranslationsSave,
} from '@insp/contracts';
import { trpcClient } from '../../providers/trpc';

/** The calls of the point authoring screen, in one place with the contract types (tRPC inspectionPoints.*, pointAuthoring.*). */
export interface TLanguage { id: string; name: string }
export interface TUnit { id: string; name: string; symbol?: string }
export interface TNamed { id: string; name: string }
export interface TEquipmentRow { id: string; serial?: string | null; serialNumber?: string | null; productModelId?: string | null }
export type TDocRow = TPickerDocument;
export interface TTranslationItem { id?: string | null; translationLanguage: string; translationText: string }

const ip = trpcClient.inspectionPoints;
const pa = trpcClient.pointAuthoring;

export const pointsApi = {
  list: (query: TInspectionPointListQuery) => ip.list.query(query) as Promise<{ result: TInspectionPointListItem[]; count: number }>,
  get: (id: string) => ip.get.query({ id }) as Promise<TInspectionPoint>,
  /** `clientRequestId`: the attempt's idempotency key; sent again with the same body, the server answers the same point. */
  create: (data: TInspectionPointWrite, clientRequestId: string) => ip.create.mutate({ ...data, clientRequestId }) as Promise<TInspectionPoint>,
  /** Saved with deleteMissingById: what the payload omits is removed (001 §7). */
  update: (id: string, data: TInspectionPointWrite) => ip.update.mutate({ ...data, id }) as Promise<TInspectionPoint>,
  duplicate: (id: string) => ip.duplicate.mutate({ id }) as Promise<TInspectionPoint>,
  updateGeneralFields: (data: Parameters<typeof ip.updateGeneralFields.mutate>[0]) => ip.updateGeneralFields.mutate(data),
  delete: (id: string) => ip.delete.mutate({ id }),
  protocols: (id: string) => ip.protocols.query({ id }) as Promise<TPointProtocols>,
};

export const refApi = {
  units: () => pa.units.query() as Promise<TUnit[]>,
  languages: () => pa.languages.query() as Promise<TLanguage[]>,
  useCases: () => pa.useCases.query() as Promise<Array<string | TNamed>>,
  documentTree: () => pa.documentTree.query() as Promise<TDocumentTree>,
  updateTranslations: (input: { id: string; kind: 'Name' | 'Description'; items: TTranslationItem[] }) => pa.updateTranslations.mutate(input),
  /** Issue 19: the texts a report prints beside the point's name, and the reference category titles, per language. */
  pointTexts: (id: string) => pa.pointTextTranslations.query({ id }) as Promise<TPointText[]>,
  updatePointTexts: (input: TPointTextTranslationsSave) => pa.updatePointTextTranslations.mutate(input) as Promise<TPointText[]>,
  categoryTitleTranslations: () => pa.categoryTitleTranslations.query() as Promise<TCategoryTitleTranslations[]>,
  updateCategoryTitleTranslations: (input: TCategoryTitleTranslationsSave) => pa.updateCategoryTitleTranslations.mutate(input) as Promise<TCategoryTitleTranslations[]>,
  categories: () => trpcClient.productFamilies.categories.query() as Promise<TProductCategoryRow[]>,
  families: () => trpcClient.productFamilies.all.query() as Promise<TProductFamilyWithModels[]>,
  equipmentByModels: (productModelIds: string[]) =>
    productModelIds.length ? (trpcClient.equipment.byProductModels.query({ productModelIds }) as Promise<TEquipmentRow[]>) : Promise.resolve([]),
};

/**
 * PUT api/v1/inspectionPoints/{id}/files (multipart) with upload progress: fetch has none, XHR does (001 §4 blob upload
 * states). `key` is the upload's Idempotency-Key: a retry with it after a lost answer adds no second document.
 */
export function uploadPointFiles(id: string, files: File[], token: string | null, onProgress: (percent: number) => void, key: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/v1/inspectionPoints/${encodeURIComponent(id)}/files`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Idempotency-Key', key);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Uploading failed (${xhr.status})`)));
    xhr.onerror = () => reject(new Error('Uploading failed'));
    const body = new FormData();
    for (const f of files) body.append('uploadedFiles', f, f.name);
    xhr.send(body);
  });
}
