// The floor of an authenticated request: a bare Fastify route doing one pg query (the session look-up the
// product makes) through the same driver and pool size as the product. Started by bench/http-product.ts.
// Beside it, the floor of the 50-row list: the same session look-up, then the very page statement the product
// sends (prepared, as the product prepares it), its rows mapped to the answer's shape and sent with
// JSON.stringify. No framework work a product could leave out is left in; what is left is the database, the
// driver, the kernel's sockets and the bytes of the answer.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });
const SESSION =
  'select users.id, users.email, users.name from auth_sessions join users on users.id = auth_sessions.user_id where auth_sessions.id = $1 and auth_sessions.revoked_at is null';
app.get('/floor', async (req) => {
  const { rows } = await pool.query(SESSION, [req.headers['x-session']]);
  return rows[0] ?? {};
});

// services/api external-users.queries.ts selectExternalUsers through lib/list.ts (default sort, the count a trigger keeps).
const LIST = {
  name: 'floor-external-users',
  text: `select "users"."id", "users"."name", "users"."email", "users"."company_id", "companies"."name" as "company_name", "users"."distributor_admin", "users"."expires_at", users.password_hash is not null as "has_password", "users"."product_category_ids", (select n from user_counts where kind = 'distributor' and company_key = '00000000-0000-0000-0000-000000000000'::uuid) as "__page_count" from "users" left join "companies" on "companies"."id" = "users"."company_id" where "users"."kind" = $1 and "users"."deleted_at" is null order by users.name desc, users.id desc limit $2 offset $3`,
};
app.get('/floor-list', async (req, reply) => {
  // prepared, as the product prepares its session look-up (the one-query floor above sends it unnamed, as defined)
  const session = await pool.query({ name: 'floor-session', text: SESSION, values: [req.headers['x-session']] });
  if (!session.rows[0]) return reply.code(401).send({});
  const amount = Number(req.query.amount ?? 50);
  const { rows } = await pool.query({ ...LIST, values: ['distributor', amount, 0] });
  const now = Date.now();
  const result = rows.map((r) => {
    const expires = r.expires_at ? r.expires_at.getTime() : null;
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      company: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
      categories: r.product_category_ids.map((productCategoryId) => ({ productCategoryId })),
      distributorAdmin: r.distributor_admin,
      expires,
      hasPassword: r.has_password,
      status: !r.has_password ? 'passwordNotSet' : expires !== null && expires < now ? 'expired' : 'active',
    };
  });
  const n = Number(rows[0]?.__page_count ?? 0);
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(n > 10_000 ? { result, count: 10_000, countCapped: true } : { result, count: n });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('floor ready');
// exit on SIGTERM rather than be killed by it, so `--cpu-prof` (BENCH_FLOOR_CPU_PROF) writes its profile
process.on('SIGTERM', () => app.close().then(() => pool.end()).finally(() => process.exit(0)));
