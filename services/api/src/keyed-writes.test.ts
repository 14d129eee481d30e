import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from './app-router.js';

/**
 * Issue 23: every write of the inspection and audit editors (apps/web/src/inspection-writes/types.ts) takes the
 * optional top-level `clientRequestId` over tRPC. The integration tests show the key at work on a representative set;
 * this checks that none of the procedures was left without it.
 */
const KEYED = [
  'inspectionEdit.create', 'inspectionEdit.update', 'inspectionEdit.saveResults', 'inspectionEdit.finish', 'inspections.delete',
  ...['setText', 'setInspector', 'setDetails', 'addRunExtraPoint', 'setRunConfigurator', 'addSuggestion', 'editSuggestion', 'deleteSuggestion',
    'dismissProposal', 'addRun', 'deleteRun', 'changeRunEquipment', 'setRunIncluded', 'changeRunProtocol', 'createResult', 'updateResult'].map((p) => `audits.${p}`),
];

const inputOf = (path: string) => {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>)[path];
  if (!procedure) throw new Error(`no procedure ${path}`);
  return procedure._def.inputs[0]!;
};

describe('tRPC field writes take clientRequestId', () => {
  it.each(KEYED)('%s refuses a bad clientRequestId by name and keeps the key of a good one', (path) => {
    const bad = inputOf(path).safeParse({ clientRequestId: 'not a key' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.some((i) => i.path.join('.') === 'clientRequestId')).toBe(true);
    const good = inputOf(path).safeParse({ clientRequestId: 'a-good-key' });
    expect(good.error?.issues.some((i) => i.path.join('.') === 'clientRequestId') ?? false).toBe(false);
  });
});
