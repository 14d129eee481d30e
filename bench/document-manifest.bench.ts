import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadPackageManifestRows, manifestVersion } from '@insp/db';
import { createTestApp, signInUsers } from '../services/api/src/testing/test-app.js';
import { timeRuns as time } from './stats.js';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1000);

/**
 * Document sync (issue 21): GET api/v1/documentlibrary/documentpackage/{id}/manifest of a package of BENCH_DOCUMENTS
 * documents (default 1 000, three versions each; 20 000 other documents in the library) in-process through the whole
 * API (token, rights, SQL, hash, JSON); budget p95 200 ms. Beside it: the loading SQL and the hash alone, and the
 * 304 answer a client holding the version gets.
 */
export default async function documentManifestBench() {
  const t = await createTestApp();
  try {
    const { manager } = await signInUsers(t, [{ kind: 'staff', email: 'manager@company.example', name: 'Max Manager', idp_groups: ['manager'] }]);
    const started = performance.now();
    await sql`insert into documents (name, file_type, file_size, content_type, storage_key, sha256, version)
      select 'Document ' || n, 'pdf', 100000 + n, 'application/pdf', 'documents/' || n || '-v3', md5(n::text) || md5((n + 1)::text), 3
      from generate_series(1, ${DOCUMENTS + 20000}) n`.execute(t.db);
    await sql`insert into document_versions (document_id, version, file_name, file_size, content_type, storage_key, sha256)
      select d.id, v, d.name || ' v' || v || '.pdf', d.file_size, d.content_type, d.storage_key || '-' || v, d.sha256
      from documents d, generate_series(1, 3) v`.execute(t.db);
    const pkg = await t.db.insertInto('document_packages').values({ name: 'Big kit', type: 'Auto' }).returning('id').executeTakeFirstOrThrow();
    await sql`insert into document_package_documents (document_package_id, document_id)
      select ${pkg.id}, id from documents order by name limit ${DOCUMENTS}`.execute(t.db);
    await sql`analyze`.execute(t.db);
    console.log({ documents: DOCUMENTS, libraryDocuments: DOCUMENTS + 20000, loadSeconds: +((performance.now() - started) / 1000).toFixed(1) });

    const url = `/api/v1/documentlibrary/documentpackage/${pkg.id}/manifest`;
    const headers = { authorization: `Bearer ${manager}` };
    const first = await t.app.inject({ method: 'GET', url, headers });
    if (first.statusCode !== 200) throw new Error(`manifest answered ${first.statusCode}: ${first.body}`);
    const etag = first.headers.etag as string;
    console.log({ answerBytes: first.body.length, entries: first.json<{ documents: unknown[] }>().documents.length });

    const http = await time(() => t.app.inject({ method: 'GET', url, headers }), 100);
    const notModified = await time(() => t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } }), 100);
    const rows = await loadPackageManifestRows(t.db, pkg.id);
    const load = await time(() => loadPackageManifestRows(t.db, pkg.id), 100);
    const hash = await time(async () => manifestVersion(rows!.documents), 100);
    console.table({
      'GET manifest (budget p95 200 ms)': http,
      'GET manifest, If-None-Match current (304)': notModified,
      'loading SQL alone (2 statements)': load,
      'version hash alone': hash,
    });
  } finally {
    await t.close();
  }
}
