import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * A random version-4 uuid from random() (PostgreSQL's xoshiro generator, seeded per session from a strong source):
 * gen_random_uuid() asks OpenSSL for each 16 bytes, about a sixth of a chunk's time here. 122 random bits either way.
 */
const newId = sql`encode(int8send(((random() * 4294967295)::int8 << 32 | (random() * 4294967295)::int8) & -61441 | 16384)
  || int8send(((random() * 4294967295)::int8 << 32 | (random() * 4294967295)::int8) & 4611686018427387903 | -9223372036854775808), 'hex')::uuid`;

export interface ReportChunk {
  start: number;
  end: number;
  now: Date;
  /** Rows in the scale_equipment, scale_protocols and scale_people temporary tables, and staff among the people. */
  ne: number;
  np: number;
  npe: number;
  nstaff: number;
}

/**
 * Report inspections g = start..end, each with its protocol's first category and a result per point of index < 3,
 * in one statement (the later inserts read the earlier ones' RETURNING). Returns the number of point results.
 * Ids are made in the SELECT and the rows go in in key order, so each primary key's leaf pages are visited once per
 * chunk instead of once per row (random uuids otherwise hit a page out of cache on nearly every insert).
 */
export async function insertReportChunk(c: Kysely<DB>, k: ReportChunk): Promise<number> {
  const { start, end, now, ne, np, npe, nstaff } = k;
  const { rows } = await sql<{ n: number }>`with ins as (
      insert into inspections (id, name, type, status, rating, finished, finished_at, protocol_id, customer_id, customer_site_id,
        equipment_id, serial_number, nick_name, product_family_id, product_model_id, inspector, inspector_contact, inspector_user_id,
        created_by_user_id, updated_by_user_id, company_id, inspection_date, started_at, ended_at, version, summary, search_text, created_at, updated_at)
      -- Dates spread deterministically over three years; statuses 10% In_Use, 10% Waiting, 80% Finished.
      select ${newId}, p.name, p.type,
        case b.g % 10 when 0 then 'In_Use' when 1 then 'Waiting' else 'Finished' end,
        case when b.g % 10 >= 2 then case when b.g % 7 = 0 then 'Nok' else 'Ok' end end,
        b.g % 10 >= 2,
        case when b.g % 10 >= 2 then d.at + interval '10 hours' end,
        p.id, c.id, c.site_id, e.id, e.serial, e.nick, m.family_id, m.model_id, pe.name, pe.email, pe.user_id, pe.user_id, pe.user_id, pe.company_id,
        d.at, d.at + interval '7 hours', case when b.g % 10 <> 0 then d.at + interval '9 hours' end, '3.5.2', '',
        -- search_text as the application writes it (repositories/search-text.ts): name, serial, nickname, customer, site, inspector
        search_fold(concat_ws(' ', p.name, e.serial, e.nick, c.name, c.site_name, pe.name)), d.at, d.at
      from generate_series(${start}::int, ${end}::int) b(g)
      join scale_equipment e on e.g = 1 + (b.g % ${ne}::int)
      join scale_models m on m.rn = e.mg
      join scale_customers c on c.g = e.cg
      join scale_protocols p on p.rn = 1 + (b.g % ${np}::int)
      -- About 10% by the distributors' users (company_id set), chosen independently of the status.
      join scale_people pe on pe.rn = case when ${npe - nstaff}::int > 0 and (b.g / 7) % 10 = 0
        then ${nstaff}::int + 1 + (b.g % greatest(${npe - nstaff}::int, 1)) else 1 + ((b.g / 3) % ${nstaff}::int) end
      cross join lateral (select ${now}::timestamptz - make_interval(days => ((b.g::bigint * 7919) % 1095)::int, secs => (b.g::bigint * 104729) % 86400) as at) d
      order by 1
      returning id, protocol_id
    ), cats as (
      insert into inspection_categories (id, inspection_id, protocol_category_id, index, title)
      select ${newId}, ins.id, p.category_id, 0, p.category_title
      from ins join scale_protocols p on p.id = ins.protocol_id
      order by 1
      returning id, inspection_id, protocol_category_id
    ), res as (
      insert into inspection_point_results (id, inspection_id, inspection_category_id, protocol_point_id, inspection_point_id, index, rating, value, content)
      select ${newId}, cats.inspection_id, cats.id, sp.protocol_point_id, sp.inspection_point_id, sp.index,
        (array[0, 0, 0, 0, 0, 0, 1, 1, 2, 4])[1 + floor(random() * 10)::int],
        round((random() * 100)::numeric, 2)::text, '{}'::jsonb
      from cats join scale_points sp on sp.protocol_category_id = cats.protocol_category_id
      order by 1
      returning 1
    ) select count(*)::int as n from res`.execute(c);
  return rows[0].n;
}
