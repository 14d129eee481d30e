import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

/**
 * Fixtures for the inspection point tests: an app on its own database, signed-in roles, product categories,
 * families and models, languages, a unit, a predefined option group, an image and a document.
 */
export async function pointFixtures() {
  const t = await createTestApp();
  const tok = await signInRoles(t);
  const ref = await seedReference(t);
  const db = t.db;
  await db.insertInto('languages').values([{ id: 'en', name: 'English' }, { id: 'fi', name: 'Suomi' }, { id: 'de', name: 'Deutsch' }]).execute();
  const unit = (await db.insertInto('units').values({ name: 'Millimetre', symbol: 'mm' }).returning('id').executeTakeFirstOrThrow()).id;
  const group = (await db.insertInto('option_groups').values({ name: 'Condition', custom: false }).returning('id').executeTakeFirstOrThrow()).id;
  const groupOptions = await db
    .insertInto('option_group_options')
    .values([
      { option_group_id: group, index: 0, name: 'Good' },
      { option_group_id: group, index: 1, name: 'Worn', comment: 'Wear observed.' },
    ])
    .returning('id')
    .execute();
  const image = (await db
    .insertInto('images')
    .values({ storage_key: 'images/2026-11/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', content_type: 'image/png', size: 10, sha256: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow()).id;
  const document = (await db
    .insertInto('documents')
    .values({ name: 'Manual.pdf', file_type: 'pdf', file_size: 1234, storage_key: 'documents/2026-11/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf' })
    .returning('id')
    .executeTakeFirstOrThrow()).id;
  return { t, tok, ref, unit, group, groupOptionIds: groupOptions.map((o) => o.id), image, document, category: ref.categories.crushers.id };
}
export type PointFixtures = Awaited<ReturnType<typeof pointFixtures>>;

/** A role, or null for a call without a token. */
export type Who = keyof RoleTokens | null;

/** REST and tRPC calls as a role (admin unless told). */
export function callsOf(t: TestApp, tok: RoleTokens) {
  const auth = (who: Who) => (who ? { authorization: `Bearer ${tok[who]}` } : {});
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who = 'admin', payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(who), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const trpc = (kind: 'query' | 'mutation', path: string, input: unknown, who: Who = 'admin') =>
    kind === 'query'
      ? t.app.inject({ method: 'GET', url: `/trpc/inspectionPoints.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: auth(who) })
      : t.app.inject({ method: 'POST', url: `/trpc/inspectionPoints.${path}`, headers: auth(who), payload: input as object });
  /** POST api/v1/inspectionPoints as admin, asserting the 201; the created point. */
  const create = async (payload: unknown) => {
    const res = await call('POST', '/api/v1/inspectionPoints', 'admin', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  return { call, trpc, create };
}

/** A multipart body: fields as text, files under uploadedFiles. */
export function multipart(fields: Record<string, string>, files: { name: string; content: Buffer; type: string }[] = []) {
  const boundary = '----pointtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="uploadedFiles"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** How many document files the app's local storage holds, metadata not counted (to see that a refused or repeated write left none). */
export async function storedDocumentFiles(t: TestApp): Promise<number> {
  const filesIn = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    return (await Promise.all(entries.map((e) => (e.isDirectory() ? filesIn(join(dir, e.name)) : [join(dir, e.name)])))).flat();
  };
  return (await filesIn((t.config.storage as { dir: string }).dir)).filter((x) => x.includes('documents') && !x.includes('.meta')).length;
}

/** A minimal valid create payload of the given type. */
export const basePoint = (f: PointFixtures, type: string, extra: Record<string, unknown> = {}) => ({
  sourceSystem: 'UI',
  type,
  name: `${type} point`,
  description: `About the ${type} point`,
  productCategoryId: f.category,
  ...extra,
});

/** A point as read, without what the server generates (ids, dates, usage), for comparing content. */
export function contentOf(p: Record<string, any>): unknown {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !['id', 'created', 'updated', 'usage', 'inspectionPointId', 'rowId', 'columnId', 'imageUrl', 'updated'].includes(k))
          .map(([k, x]) => [k, strip(x)]),
      );
    }
    return v;
  };
  return strip(p);
}
