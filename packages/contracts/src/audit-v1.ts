import { z } from 'zod';
import { ZId } from './common.js';
import { ZAudit, ZAuditRun } from './audits.js';
import { ZEditExtraPoint, ZEditPoint, ZPointResult } from './inspection-edit.js';

/**
 * An audit as the REST v1 calls answer it: the shapes of spec 000 §3 that existing field clients use (issue 20).
 * An audit point carries its `unit` and its `result` (the web app's tRPC shape calls them unitValue and content);
 * a protocol run carries its `protocol`. Decisions: docs/decisions.md, 'The field app's payloads'.
 */

const v1Parts = {
  /** 000 §3 Audit point `unit`: the measurement's unit (the point's unitValue). */
  unit: z.string().nullable(),
  /** 000 §3 Audit point `result`: the point's result, without `id` while it has none. */
  result: ZPointResult,
};

export const ZV1AuditPoint = ZEditPoint.omit({ content: true }).extend(v1Parts);
export const ZV1AuditExtraPoint = ZEditExtraPoint.omit({ content: true }).extend(v1Parts);

/** 000 §3 Protocol run, with `protocol`: the protocol it runs (null when it was deleted), as a protocol choice. */
export const ZV1AuditRun = ZAuditRun.extend({
  protocol: z.object({ id: ZId, name: z.string() }).nullable(),
  categories: z.array(z.object({ id: ZId, title: z.string(), index: z.number().int(), inspectionPoints: z.array(ZV1AuditPoint) })),
  extraPoints: z.array(ZV1AuditExtraPoint),
});
export type TV1AuditRun = z.infer<typeof ZV1AuditRun>;

export const ZV1Audit = ZAudit.extend({ inspectionProtocolRuns: z.array(ZV1AuditRun) });
export type TV1Audit = z.infer<typeof ZV1Audit>;
