import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuditReportData } from '@insp/db';
import { renderAuditReportHtml } from '@insp/report';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

/** Recorded results never change (issue 9), for an audit's runs: they save through the inspections' writer. */
let t: TestApp;
let f: AuditFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
});
afterAll(() => t?.close());

type Run = { id: string; categories: { inspectionPoints: { protocolPointId: string; name: string }[] }[] };

describe("an audit run's picks", () => {
  it('keep the texts the auditor picked after the library renamed and deleted them', async () => {
    const protocol = await f.protocol('Machine picks', 'Audit_Machine', [['Checks', [f.points.choice, f.points.dropdownPoint]]]);
    const auditId = (await f.createAudit()).id;
    const created = await f.call('POST', `/api/v1/audits/${auditId}/runs`, f.tok.inspector, { protocolId: protocol.id, protocolRunType: 'Audit_Machine:stage_1', equipment: { id: f.equipment } });
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json() as Run;
    const pp = (name: string) => run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === name)!.protocolPointId;
    const answer = (name: string, body: unknown) => f.call('POST', `/api/v1/audits/${auditId}/runs/${run.id}/points/${pp(name)}/result`, f.tok.inspector, body);
    for (const res of [
      await answer('Safety equipment', { multipleChoices: [{ multipleChoiceId: f.choice.id, selectedOptionIds: [f.choice.options[1]] }] }),
      await answer('Wear parts', { dropdowns: [{ dropdownId: f.dropdown.id, selectedOptionIds: [f.dropdown.options[1]] }] }),
    ]) expect(res.statusCode, res.body).toBeLessThan(300);

    await t.db.updateTable('multiple_choice_options').set({ title: 'Absent' }).where('id', '=', f.choice.options[1]!).execute();
    await t.db.updateTable('multiple_choices').set({ title: 'Covers' }).where('id', '=', f.choice.id).execute();
    await t.db.deleteFrom('dropdowns').where('id', '=', f.dropdown.id).execute();

    const data = (await loadAuditReportData(t.db, auditId, 'en'))!;
    const points = data.runs.find((r) => r.id === run.id)!.report.categories.flatMap((c) => c.points);
    expect(points.find((p) => p.name === 'Safety equipment')).toMatchObject({
      multipleChoices: [{ title: 'Guards', options: [{ title: 'Present', selected: false }, { title: 'Missing', selected: true }] }],
    });
    expect(points.find((p) => p.name === 'Wear parts')).toMatchObject({ dropdowns: [{ title: 'Supplier', selected: [{ title: 'Third-party' }] }] });
    const html = renderAuditReportHtml(data, { lang: 'en', imageUrl: (i) => `/img/${i}` });
    for (const text of ['Guards', 'Missing', 'Supplier', 'Third-party']) expect(html).toContain(text);
    for (const text of ['Covers', 'Absent']) expect(html).not.toContain(text);
  });
});
