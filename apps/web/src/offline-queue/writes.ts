import type { TAuditRun, TInspectionEdit, TPointResult } from '@insp/contracts';
import type { InspectionWrites, TInspectionFinished, TResultsSaved, UploadKind } from '../inspection-writes';
import type { NewEntry, WriteQueue } from './queue';

type Local<T> = ((clientId: string) => T) | undefined;

/** A local equivalent of a saved point result: what was sent, under the id it has (or the client's for a new one). */
function localResult(id: string, data: object): TPointResult {
  const d = data as Partial<TPointResult> & { photos?: Array<{ id?: string | null; imageId: string }> };
  return { ...(d as TPointResult), id, photos: (d.photos ?? []).map((p) => ({ ...p, id: p.id ?? undefined })) as TPointResult['photos'] };
}

const stored = { savedOnDevice: true } as const;

/**
 * The write module (types.ts) on the offline queue (issue 23). Each write is an entry sent later by the queue;
 * it answers what the server answered, or when the network is away a local equivalent (results, texts, settings)
 * or a KeptForLaterError where only the server can answer (a new run, a suggestion, the whole inspection's edit
 * data). Starting and discarding an inspection are not queued: both need the server's answer to go on.
 */
export function queuedWrites(queue: WriteQueue, direct: InspectionWrites, item: string | null = null): InspectionWrites {
  const send = <T>(scope: string, procedure: string, input: object, local?: Local<T>, createsId = false) =>
    queue.enqueue<T>({ scope, item, kind: 'trpc', procedure, input, createsId } satisfies NewEntry, local);
  const audit = (id: string) => `audit:${id}`;
  const insp = (id: string) => `inspection:${id}`;
  // A photo or voice comment answers offline with the entry's client id; the queue maps it to the server's later.
  const upload = (uploadKind: UploadKind): InspectionWrites['uploadPhoto'] => (file, fileName, options) =>
    queue.enqueue({ scope: 'images', item, kind: 'upload', uploadKind, file, fileName, createsId: true, ...(options?.onProgress ? { onProgress: options.onProgress } : {}) }, (clientId) => ({ id: clientId })).then((r) => {
      options?.onProgress?.(1);
      return r;
    });
  return {
    uploadPhoto: upload('image'),
    uploadVoiceComment: upload('voice'),
    saveResults: (id, data) => send<TResultsSaved>(insp(id), 'inspectionEdit.saveResults', { id, data }),
    saveInspection: (id, lang, data) => send<TInspectionEdit>(insp(id), 'inspectionEdit.update', { id, lang, data }),
    finish: (id) => send<TInspectionFinished>(insp(id), 'inspectionEdit.finish', { id }),
    createInspection: direct.createInspection,
    discardInspection: direct.discardInspection,
    setAuditText: (id, field, text, version) => send(audit(id), 'audits.setText', { id, field, text, ...(version !== undefined ? { version } : {}) }, () => stored),
    setAuditInspector: (id, data) => send(audit(id), 'audits.setInspector', { id, data }, () => stored),
    setAuditDetails: (id, data) => send(audit(id), 'audits.setDetails', { id, data }, () => stored),
    addRunExtraPoint: (id, runId, data) => send(audit(id), 'audits.addRunExtraPoint', { id, runId, data }),
    setRunConfigurator: (id, runId, data) => send(audit(id), 'audits.setRunConfigurator', { id, runId, data }, () => stored),
    addSuggestion: (id, data) => send(audit(id), 'audits.addSuggestion', { id, data }),
    editSuggestion: (id, suggestionId, data) => send(audit(id), 'audits.editSuggestion', { id, suggestionId, data }),
    deleteSuggestion: (id, suggestionId) => send(audit(id), 'audits.deleteSuggestion', { id, suggestionId }, () => stored),
    dismissProposal: (id, resultId) => send(audit(id), 'audits.dismissProposal', { id, resultId }, () => stored),
    addRun: (id, data) => send<TAuditRun>(audit(id), 'audits.addRun', { id, data }),
    deleteRun: (id, runId) => send(audit(id), 'audits.deleteRun', { id, runId }, () => stored),
    changeRunEquipment: (id, runId, data) => send<TAuditRun>(audit(id), 'audits.changeRunEquipment', { id, runId, data }),
    setRunIncluded: (id, runId, includedInReport) => send(audit(id), 'audits.setRunIncluded', { id, runId, includedInReport }, () => stored),
    changeRunProtocol: (id, runId, protocolId) => send<TAuditRun>(audit(id), 'audits.changeRunProtocol', { id, runId, protocolId }),
    // A new result answers locally under the entry's client id; the queue maps it to the server's id for the
    // updates that name it (createsId).
    createAuditResult: (id, runId, pointId, data) =>
      send<TPointResult>(audit(id), 'audits.createResult', { id, runId, pointId, data }, (clientId) => localResult(clientId, data), true),
    updateAuditResult: (id, resultId, data) =>
      send<TPointResult>(audit(id), 'audits.updateResult', { id, resultId, data }, () => localResult(resultId, data)),
    forItem: (next) => queuedWrites(queue, direct, next),
  };
}
