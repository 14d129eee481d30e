import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '@insp/db';

/**
 * oidc-provider storage in table dev_idp_store, so sessions, interactions, codes and grants are shared by
 * every API process on the database (an in-memory store would lose a sign-in that hops between processes).
 * Rows past expires_at are treated as absent; a consumed row keeps its payload with `consumed` set, which
 * is how the provider detects authorization code replay.
 */
// Models that hang off a grant: revoking the grant (logout, consent withdrawn) removes them.
const grantable = ['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest'];

export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('dev_idp_store')
        .values({ model: this.model, id, ...row })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({ ...row, consumed_at: null }))
        .execute();
      // Each sign-in starts with an interaction: a convenient moment to drop long-expired rows.
      if (this.model === 'Interaction') {
        await db.deleteFrom('dev_idp_store').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
      }
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string) {
      await db.updateTable('dev_idp_store').set({ consumed_at: sql`now()` }).where('model', '=', this.model).where('id', '=', id).execute();
    }

    async destroy(id: string) {
      await db.deleteFrom('dev_idp_store').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string) {
      await db.deleteFrom('dev_idp_store').where('grant_id', '=', grantId).where('model', 'in', grantable).execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('dev_idp_store')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }
  };
}
