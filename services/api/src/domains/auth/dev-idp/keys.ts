import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '@insp/db';
import type { AppConfig } from '../../../config.js';

/**
 * Secrets of the development identity provider, derived from the token secret: every API process on the
 * same configuration derives the same ones, so no extra setting is needed and none is stored.
 */
export const derivedSecret = (config: Pick<AppConfig, 'tokenSecret'>, label: string) =>
  createHmac('sha256', config.tokenSecret).update(`dev-idp:${label}`).digest('base64url');

export const DEV_CLIENT_ID = 'inspections-web';
export const devClientSecret = (config: Pick<AppConfig, 'tokenSecret'>) => derivedSecret(config, 'client-secret');
export const devIssuer = (config: Pick<AppConfig, 'publicUrl'>) => `${config.publicUrl}/dev-idp`;

/**
 * The signing key, made once and kept in the database: ID tokens stay valid across restarts and every API
 * process on one database signs with the same key. Concurrent first starts race on the insert; the
 * loser reads the winner's key.
 */
export async function loadOrCreateSigningKeys(db: Db): Promise<{ keys: JWK[] }> {
  const read = () =>
    db.selectFrom('dev_idp_store').select('payload').where('model', '=', 'Jwks').where('id', '=', 'signing').executeTakeFirst();
  const existing = await read();
  if (existing) return existing.payload as unknown as { keys: JWK[] };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `dev-${Date.now().toString(36)}` };
  await db
    .insertInto('dev_idp_store')
    .values({ model: 'Jwks', id: 'signing', payload: JSON.stringify({ keys: [jwk] }) })
    .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
    .execute();
  return (await read())!.payload as unknown as { keys: JWK[] };
}
