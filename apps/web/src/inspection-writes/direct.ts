import type { TAuditRun, TInspectionEdit, TPointResultSaved } from '@insp/contracts';
import { trpcClient } from '../providers/trpc';
import type { InspectionWrites } from './types';
import { uploadPhotoRequest, uploadVoiceCommentRequest } from './uploadPhoto';

/**
 * The writes sent at once, as they are made: tRPC `inspectionEdit.*` (the same services as the REST calls of
 * 000 §7) and the REST image upload (tRPC carries no files). No queue, no retry: a failure reaches the screen.
 */
export const directWrites: InspectionWrites = {
  uploadPhoto: uploadPhotoRequest,
  uploadVoiceComment: uploadVoiceCommentRequest,
  saveResults: (id, data) => trpcClient.inspectionEdit.saveResults.mutate({ id, data }),
  saveInspection: (id, lang, data) => trpcClient.inspectionEdit.update.mutate({ id, lang, data }) as Promise<TInspectionEdit>,
  finish: (id) => trpcClient.inspectionEdit.finish.mutate({ id }),
  createInspection: (data) => trpcClient.inspectionEdit.create.mutate(data) as Promise<TInspectionEdit>,
  discardInspection: (id) => trpcClient.inspections.delete.mutate({ id }),
  // The audit editor (000 §2.6): tRPC audits.*, the same services as the REST calls of 000 §7.
  setAuditText: (id, field, text, version) => trpcClient.audits.setText.mutate({ id, field, text, ...(version !== undefined ? { version } : {}) }),
  setAuditInspector: (id, data) => trpcClient.audits.setInspector.mutate({ id, data }),
  setAuditDetails: (id, data) => trpcClient.audits.setDetails.mutate({ id, data }),
  addRunExtraPoint: (id, runId, data) => trpcClient.audits.addRunExtraPoint.mutate({ id, runId, data }),
  setRunConfigurator: (id, runId, data) => trpcClient.audits.setRunConfigurator.mutate({ id, runId, data }),
  addSuggestion: (id, data) => trpcClient.audits.addSuggestion.mutate({ id, data }),
  editSuggestion: (id, suggestionId, data) => trpcClient.audits.editSuggestion.mutate({ id, suggestionId, data }),
  deleteSuggestion: (id, suggestionId) => trpcClient.audits.deleteSuggestion.mutate({ id, suggestionId }),
  dismissProposal: (id, resultId) => trpcClient.audits.dismissProposal.mutate({ id, resultId }),
  addRun: (id, data) => trpcClient.audits.addRun.mutate({ id, data }) as Promise<TAuditRun>,
  deleteRun: (id, runId) => trpcClient.audits.deleteRun.mutate({ id, runId }),
  changeRunEquipment: (id, runId, data) => trpcClient.audits.changeRunEquipment.mutate({ id, runId, data }) as Promise<TAuditRun>,
  setRunIncluded: (id, runId, includedInReport) => trpcClient.audits.setRunIncluded.mutate({ id, runId, includedInReport }),
  changeRunProtocol: (id, runId, protocolId) => trpcClient.audits.changeRunProtocol.mutate({ id, runId, protocolId }) as Promise<TAuditRun>,
  createAuditResult: (id, runId, pointId, data) => trpcClient.audits.createResult.mutate({ id, runId, pointId, data }) as Promise<TPointResultSaved>,
  updateAuditResult: (id, resultId, data) => trpcClient.audits.updateResult.mutate({ id, resultId, data }) as Promise<TPointResultSaved>,
};
