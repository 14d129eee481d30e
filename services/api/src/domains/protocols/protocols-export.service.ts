import { P } from '@insp/contracts';
import { loadProtocolExportData } from '@insp/db';
import { protocolExportFileName, protocolExportKey } from '@insp/report';
import { requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireLanguage } from '../../lib/languages.js';
import { storedPdfOrPrint, type StoredPdfAnswer } from '../../lib/stored-pdf.js';

/**
 * GET api/v1/InspectionProtocols/{id}/export?lang= (001 §7, xlsx): the workbook stored under the hash of what it
 * shows, or built by the `protocols.export` worker job (lib/stored-pdf.ts: the same outbox, key and wait as report
 * PDFs); still building answers 202 with Retry-After. `waitMs` 0 only asks for the status (tRPC exportStatus).
 */
export async function protocolExport(ctx: ServiceContext, id: string, lang: string, waitMs?: number): Promise<StoredPdfAnswer> {
  const c = requirePermission(ctx, P.authoring);
  await requireLanguage(c.db, lang);
  const data = await loadProtocolExportData(c.db, id, lang);
  if (!data) throw notFound('Protocol');
  return storedPdfOrPrint(c, { key: protocolExportKey(data, lang), fileName: protocolExportFileName(data, lang) }, 'protocols.export', { protocolId: id, lang }, waitMs);
}
