// The floor of an authenticated request: a bare Fastify route doing one pg query (the session look-up the
// product makes) through the same driver and pool size as the product. Started by bench/http-product.ts.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });
app.get('/floor', async (req) => {
  const id = req.headers['x-session'];
  const { rows } = await pool.query(
    'select users.id, users.email, users.name from auth_sessions join users on users.id = auth_sessions.user_id where auth_sessions.id = $1 and auth_sessions.revoked_at is null',
    [id],
  );
  return rows[0] ?? {};
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('floor ready');
