import { recordManifestVersion } from '@insp/db';
import type { JobDeps } from '../types.js';

/** Packages read per page: the job walks them by id, so any number of packages costs bounded memory. */
const PAGE = 200;

/**
 * Document sync (issue 21): for each document package of type Auto ('Automatic synching', spec 002), the manifest
 * a field client downloads (GET api/v1/documentlibrary/documentpackage/{id}/manifest) is computed and its version
 * (a hash of the content) recorded on the package with the time it last changed. Idempotent: an unchanged package
 * is not written; two runs racing write a changed version once.
 */
export async function syncDocumentPackages(db: JobDeps['db']) {
  let after: string | null = null;
  let packages = 0;
  let changed = 0;
  for (;;) {
    const page = await db
      .selectFrom('document_packages')
      .select('id')
      .where('type', '=', 'Auto')
      .$if(after !== null, (q) => q.where('id', '>', after!))
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const p of page) {
      const r = await recordManifestVersion(db, p.id);
      packages++;
      if (r?.changed) changed++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return { packages, changed };
}

/** The recurring job (runtime/recurring.ts), every 5 minutes. */
export async function documentsSync(deps: JobDeps) {
  const result = await syncDocumentPackages(deps.db);
  deps.log.info({ documentSync: result }, 'document package manifests synced');
  return result;
}
