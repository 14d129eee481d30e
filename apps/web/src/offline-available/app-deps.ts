import { trpcClient } from '../providers/trpc';
import { fetchAuthorizedBlob } from './files';
import type { StoredKind } from './db';
import type { DownloadDeps, ServerBundle } from './download';

/** The server's bundle, with each editor read named by the tRPC path and input the editor asks it by. */
async function fetchBundle(kind: StoredKind, id: string): Promise<ServerBundle> {
  if (kind === 'audit') {
    const b = await trpcClient.offline.audit.query({ id });
    const reads: ServerBundle['reads'] = [
      { path: 'audits.get', input: { id }, data: b.audit },
      { path: 'audits.previousValues', input: { id }, data: b.previousValues },
    ];
    return { name: b.name, files: b.files, reads };
  }
  const b = await trpcClient.offline.inspection.query({ id });
  const reads: ServerBundle['reads'] = [
    { path: 'inspectionEdit.editDetails', input: { id }, data: b.editDetails },
    { path: 'inspectionEdit.previousValues', input: { id }, data: b.previousValues },
    { path: 'actions.ofInspection', input: { inspectionId: id }, data: b.openActions },
  ];
  if (b.emailChoices) reads.push({ path: 'inspectionEdit.emailChoices', input: { id }, data: b.emailChoices });
  return { name: b.name, files: b.files, reads };
}

export const appDownloadDeps: DownloadDeps = { fetchBundle, fetchFile: (path) => fetchAuthorizedBlob(path) };
