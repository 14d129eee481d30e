import type { TAudit, TAuditRun, TEditExtraPoint, TEditPoint, TV1Audit, TV1AuditRun } from '@insp/contracts';

/** The REST v1 shapes of an audit (spec 000 §3; contracts audit-v1.ts) over the web app's (ZAudit, over tRPC). */

function toV1Point<P extends TEditPoint | TEditExtraPoint>(p: P) {
  const { content, ...rest } = p;
  return { ...rest, unit: p.unitValue, result: content };
}

export function toV1Run(run: TAuditRun): TV1AuditRun {
  return {
    ...run,
    protocol: run.inspectionProtocolId ? { id: run.inspectionProtocolId, name: run.inspectionProtocolName ?? '' } : null,
    categories: run.categories.map((c) => ({ ...c, inspectionPoints: c.inspectionPoints.map(toV1Point) })),
    extraPoints: run.extraPoints.map(toV1Point),
  };
}

export function toV1Audit(audit: TAudit): TV1Audit {
  return { ...audit, inspectionProtocolRuns: audit.inspectionProtocolRuns.map(toV1Run) };
}
