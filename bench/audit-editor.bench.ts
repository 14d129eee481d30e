import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAuditReportData } from '@insp/db';
import { createPdfRenderer } from '@insp/pdf';
import { createStorage } from '@insp/storage';
import { auditPdfKey } from '@insp/report';
import { renderAuditPdf } from '../services/worker/src/jobs/audit.pdf.js';
import type { JobDeps } from '../services/worker/src/types.js';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { seedEditFixtures } from '../services/api/src/domains/inspections/inspection-edit.fixtures.test-helpers.js';
import { summarize } from './stats.js';

const RUNS = 12;
const POINTS_PER_RUN = 50;

/**
 * The audit editor (000 §2.6, issue 8): an audit with 12 machine runs of a 50-point protocol (radio selections,
 * measurements, tables, comments; one photo in five radio results), every point answered: 600 results.
 * Measures GET api/v1/audits/{id} (the editor's data, budget 150 ms) and the autosave round trips — a text
 * (PUT {id}/comment) and a point result (PUT {id}/pointResults/{resultId}), budget 20 ms p95 — in-process
 * through app.inject on PostgreSQL — and the audit report PDF of all 12 runs printed by the worker's job function
 * with a warm browser (budget 3 s; the bench's photos have no bytes, so none is inlined).
 */
export default async function auditEditorBench() {
  const t = await createTestApp();
  try {
    const f = await seedEditFixtures(t);
    const { radio, measure, table, comment } = f.points;
    const kinds = [radio, measure, table, comment, radio];
    const sections: [string, string[]][] = Array.from({ length: 5 }, (_, c) => [`Section ${c + 1}`, Array.from({ length: POINTS_PER_RUN / 5 }, (_, i) => kinds[i % kinds.length]!)]);
    const protocol = await f.protocol('Machine audit (bench)', 'Audit_Machine', sections);
    const auth = { authorization: `Bearer ${f.tok.inspector}`, 'content-type': 'application/json' };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}) });
    const created = await call('POST', '/api/v1/audits', { customerId: f.ref.customerId, customerSiteId: f.ref.siteId });
    const auditId = created.json().id as string;
    const inspectorId = f.users.inspector!;
    const [left, right] = f.table.fields;
    const [main, side] = f.table.rows;
    const contentFor = async (ip: string, k: number) => {
      if (ip === radio) return { selection: 'Worn', comment: 'Wear observed.', rating: 'Follow', photos: k % 5 === 0 ? [{ imageId: await f.image(inspectorId), caption: `Photo ${k}` }] : [] };
      if (ip === measure) return { value: `${20 + (k % 7)},5`, rating: 'Ok' };
      if (ip === table) return { rows: [main, side].map((row) => ({ id: row, title: 'r', values: [{ rowId: row, fieldId: left, value: `${k % 9}` }, { rowId: row, fieldId: right, value: '12,5' }] })) };
      return { comment: `Remark ${k}` };
    };
    const resultIds: string[] = [];
    for (let r = 0; r < RUNS; r++) {
      const stage = `stage_${(r % 4) + 1}`;
      const run = await call('POST', `/api/v1/audits/${auditId}/runs`, { protocolId: protocol.id, protocolRunType: `Audit_Machine:${stage}`, equipment: { productModelId: f.ref.jaw.models.JC100, serialNumber: `BENCH-${r}` } });
      if (run.statusCode !== 201) throw new Error(`run: ${run.statusCode} ${run.body}`);
      const points = (run.json().categories as { inspectionPoints: { protocolPointId: string; inspectionPointId: string }[] }[]).flatMap((c) => c.inspectionPoints);
      for (const [k, p] of points.entries()) {
        const res = await call('POST', `/api/v1/audits/${auditId}/runs/${run.json().id}/points/${p.protocolPointId}/result`, await contentFor(p.inspectionPointId, k));
        if (res.statusCode !== 201) throw new Error(`result: ${res.statusCode} ${res.body}`);
        resultIds.push(res.json().id);
      }
    }
    const loaded = (await call('GET', `/api/v1/audits/${auditId}`)).json();
    const answered = loaded.inspectionProtocolRuns.flatMap((r: { categories: { inspectionPoints: { content: { id?: string } }[] }[] }) => r.categories.flatMap((c) => c.inspectionPoints)).filter((p: { content: { id?: string } }) => p.content.id).length;

    const measureCalls = async (n: number, fn: (i: number) => Promise<{ statusCode: number; body: string }>) => {
      for (let i = 0; i < 20; i++) await fn(i); // warm-up: JIT, pool, PostgreSQL caches
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fn(i);
        samples.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.body.length;
      }
      return { ...summarize(samples), kiB: Math.round(bytes / 1024) };
    };
    const getMs = await measureCalls(200, () => call('GET', `/api/v1/audits/${auditId}`));
    const textMs = await measureCalls(500, (i) => call('PUT', `/api/v1/audits/${auditId}/comment`, `Autosaved text ${i}`));
    const radioResults = loaded.inspectionProtocolRuns.flatMap((r: { categories: { inspectionPoints: { inspectionPointId: string; content: { id?: string } }[] }[] }) => r.categories.flatMap((c) => c.inspectionPoints))
      .filter((p: { inspectionPointId: string; content: { id?: string } }) => p.inspectionPointId === radio && p.content.id).map((p: { content: { id: string } }) => p.content.id);
    const resultMs = await measureCalls(500, (i) => call('PUT', `/api/v1/audits/${auditId}/pointResults/${radioResults[i % radioResults.length]}`, { selection: i % 2 ? 'Worn' : 'Damaged', comment: `Typed ${i}`, rating: i % 2 ? 'Follow' : 'Repair' }));
    const storage = createStorage({ driver: 'local', dir: mkdtempSync(join(tmpdir(), 'insp-bench-audit-pdf-')) }, { urlSecret: 'bench-secret-bench-secret' });
    const pdf = createPdfRenderer();
    const pdfMs: number[] = [];
    try {
      const deps = { db: t.db, storage, pdf, log: { debug() {}, info() {}, warn() {}, error() {} } } as unknown as JobDeps;
      const key = auditPdfKey((await loadAuditReportData(t.db, auditId, 'en'))!, 'en');
      await renderAuditPdf(deps, auditId, 'en'); // launches and warms the browser
      for (let i = 0; i < 6; i++) {
        await storage.delete(key);
        const t0 = performance.now();
        await renderAuditPdf(deps, auditId, 'en');
        pdfMs.push(performance.now() - t0);
      }
    } finally {
      await pdf.close();
    }
    const pdfSummary = summarize(pdfMs);
    console.log({
      benchmark: `audit editor: ${loaded.inspectionProtocolRuns.length} runs, ${answered} results (${resultIds.length} created), in-process on PostgreSQL`,
      getAuditMs: getMs,
      autosaveTextMs: textMs,
      autosaveResultMs: resultMs,
      auditPdfWarmMs: pdfSummary,
      budget: `GET p95 ${getMs.p95 < 150 ? 'under' : 'OVER'} 150 ms; autosave p95 ${Math.max(textMs.p95, resultMs.p95) < 20 ? 'under' : 'OVER'} 20 ms; PDF p95 ${pdfSummary.p95 < 3000 ? 'under' : 'OVER'} 3 s`,
    });
  } finally {
    await t.close();
  }
}
