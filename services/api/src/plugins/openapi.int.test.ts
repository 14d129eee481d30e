import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { operationIdOf } from './openapi-document.js';

/** The OpenAPI document as integrators' tools take it (issue 20 'The field app's payloads', last paragraph). */
let t: TestApp;
let source: string;
let doc: { openapi: string; paths: Record<string, Record<string, { operationId?: string; summary?: string; responses?: Record<string, unknown> }>> };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = JSON.parse(source);
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([m]) => m !== 'parameters').map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it("passes redocly's recommended rules: no error, and as warning only the two public paths that look alike", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: join(tmpdir(), 'openapi.json'), config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(found.filter((p) => p.startsWith('error'))).toEqual([]);
    // '/api/v1/customers/{id}/merge' and '/api/v1/customers/import/{id}' are both the public contract (spec 002 §7).
    expect(found).toEqual([expect.stringMatching(/^warn no-ambiguous-paths: .*customers\/\{id\}\/merge.*customers\/import\/\{id\}/)]);
  });

  it('gives every operation a unique operationId, a summary and its error answers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map(({ op }) => op.operationId?.toLowerCase());
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter(({ op }) => !op.summary).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(ops.filter(({ op }) => !Object.keys(op.responses ?? {}).some((c) => c.startsWith('4'))).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(doc.paths['/api/v1/InspectionProtocols/{id}']?.put?.operationId).toBe('putInspectionProtocolsById');
    expect(operationIdOf('get', '/auth/user')).toBe('getAuthUser');
  });

  it("describes the field app's payloads (000 §3, issue 20): nested content, type.name, unknown fields refused, read-only echoes", () => {
    type S = { $ref?: string; properties?: Record<string, S>; additionalProperties?: unknown; readOnly?: boolean; anyOf?: S[]; items?: S };
    const all = JSON.parse(source) as { components: { schemas: Record<string, S> }; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: S }> }; responses: Record<string, { content?: Record<string, { schema: S }> }> }>> };
    const resolve = (s: S): S => (s.$ref ? resolve(all.components.schemas[s.$ref.split('/').pop()!]!) : s.anyOf ? resolve(s.anyOf.find((x) => x.properties || x.$ref) ?? s) : s);
    const at = (s: S, ...path: string[]): S => path.reduce((x, k) => resolve(k === '[]' ? resolve(x).items! : resolve(x).properties![k]!), resolve(s));
    const report = all.paths['/api/v1/inspections/{id}/editDetails']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(Object.keys(at(report, 'content', 'equipment').properties!)).toContain('serialNumber');
    expect(Object.keys(at(report, 'type').properties!)).toEqual(['name']);
    expect(at(all.paths['/api/v1/inspections/{id}/web']!.get!.responses['200']!.content!['application/json']!.schema).properties).toHaveProperty('equipmentConfig');
    const update = all.paths['/api/v1/inspections/update']!.put!.requestBody!.content['application/json']!.schema;
    expect(at(update).additionalProperties).toBe(false);
    expect(at(update, 'content').additionalProperties).toBe(false);
    expect(at(update, 'status').readOnly).toBe(true);
    expect(at(update, 'content', 'customer').readOnly).toBe(true);
    const audit = all.paths['/api/v1/audits/{id}']!.get!.responses['200']!.content!['application/json']!.schema;
    const point = at(audit, 'inspectionProtocolRuns', '[]', 'categories', '[]', 'inspectionPoints', '[]');
    expect(Object.keys(point.properties!)).toEqual(expect.arrayContaining(['unit', 'result', 'protocolPointId']));
    expect(Object.keys(at(audit, 'inspectionProtocolRuns', '[]').properties!)).toContain('protocol');
  });

  it('the error answers the API sends are the ones described', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/InspectionProtocols/search' });
    expect(res.statusCode).toBe(401);
    const described = JSON.parse(source).components.schemas.Error as { required: string[]; properties: Record<string, unknown> };
    const body = res.json() as Record<string, unknown>;
    for (const key of described.required) expect(body, key).toHaveProperty(key);
    expect(Object.keys(body).filter((k) => !(k in described.properties))).toEqual([]);
  });

  it('makes a typed client (openapi-typescript) that compiles under strict TypeScript', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(JSON.parse(source))));
      writeFileSync(
        join(dir, 'use.ts'),
        [
          "import type { operations, paths } from './api';",
          "type Put = paths['/api/v1/InspectionProtocols/{id}']['put'];",
          "type Saved = operations['putInspectionProtocolsById']['responses']['200']['content']['application/json'];",
          "export const version = (p: Saved): number => p.version;",
          "export type Body = NonNullable<Put['requestBody']>['content']['application/json']['ifUnchangedSince'];",
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'use.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // TypeScript checking the generated client is CPU work: 73 s on a fresh-clone run at load average 15 (60 s limit)
  }, 180_000);
});
