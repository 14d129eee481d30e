/**
 * Whether a string is an id as ZId (z.uuid()) accepts it: an RFC 9562 UUID of any version, or the nil and max UUIDs.
 * No zod here, for code on the web app's first load that only checks an id read from an address (issue 23);
 * common.ts re-exports it and a test holds the two to the same answers.
 */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
