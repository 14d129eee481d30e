import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from '../services/api/src/testing/test-app.js';
import { seedEditFixtures } from '../services/api/src/domains/inspections/inspection-edit.fixtures.test-helpers.js';
import { sessionTokens, type Running } from './http-product.js';

/**
 * Issue 23's field benches: an inspection of `points` points in ten sections (radio, measurement, table, comment,
 * choice and dropdown points, as a daily check has), started for the seed's inspector, with the categories the form
 * answers into and the inspector's bearer token on the running product.
 */
export async function hundredPointInspection(t: TestApp, product: Running, points = 100) {
  const f = await seedEditFixtures(t);
  const { radio, measure, table, comment, choice, dropdownPoint } = f.points;
  const kinds = [radio, measure, table, comment, choice, dropdownPoint, radio, measure, comment, radio];
  const sections: [string, string[]][] = Array.from({ length: 10 }, (_, c) => [`Section ${c + 1}`, Array.from({ length: points / 10 }, (_, i) => kinds[i]!)]);
  const protocol = await f.protocol(`Daily check, ${points} points (bench)`, 'Daily', sections, [{ product_family_id: f.ref.jaw.id }]);
  const inspectorId = f.users.inspector!;
  const inspection = (await t.db.insertInto('inspections').values({
    name: `Daily check, ${points} points`, type: 'Daily', protocol_id: protocol.id, customer_id: f.ref.customerId, customer_site_id: f.ref.siteId, equipment_id: f.equipment,
    serial_number: 'SN-1', product_family_id: f.ref.jaw.id, product_model_id: f.ref.jaw.models.JC100!, inspection_date: new Date(), inspector_user_id: inspectorId,
  } as never).returning('id').executeTakeFirstOrThrow()).id;
  const cats = await t.db.selectFrom('protocol_categories').select(['id', 'index', 'title']).where('protocol_id', '=', protocol.id).orderBy('index').execute();
  const categories = await t.db.insertInto('inspection_categories').values(cats.map((c) => ({ inspection_id: inspection, protocol_category_id: c.id, index: c.index, title: c.title }))).returning(['id', 'protocol_category_id']).execute();
  const [{ token }] = (await sessionTokens(t.db, product, [inspectorId])) as [{ token: string }];
  return { f, protocol, inspection, categories, token, auth: { authorization: `Bearer ${token}` }, radio };
}

/** A real PNG of random pixels of about `bytes` (noise does not compress: the size a camera photo has on the wire). */
export function noisyPng(bytes: number): Buffer {
  const side = Math.round(Math.sqrt(bytes / 3));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = randomBytes((side * 3 + 1) * side);
  for (let y = 0; y < side; y++) raw[y * (side * 3 + 1)] = 0; // filter: none
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
