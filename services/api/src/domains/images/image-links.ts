import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config.js';

/**
 * Links to images inside a report's HTML view. The browser loads <img> without our bearer token, so the
 * report call, which has just checked that the reader may see the report, signs each image link for a while:
 * `/api/v1/images/{id}/file?expires=…&sig=…`. The signature covers the image id and the expiry, with a key
 * derived from TOKEN_SECRET for this purpose only; the PDF inlines its images instead.
 */
export const IMAGE_LINK_SECONDS = 2 * 3600;

const linkKey = (config: AppConfig) => createHmac('sha256', config.tokenSecret).update('insp-image-link-v1').digest();
const sign = (config: AppConfig, id: string, expires: number) => createHmac('sha256', linkKey(config)).update(`${id}\n${expires}`).digest('base64url');

export function signedImageUrl(config: AppConfig, id: string, now = Date.now()): string {
  // Rounded to the hour so one report's HTML is the same for an hour (cacheable) and links stay valid 1–2 hours.
  const expires = Math.ceil(now / 3_600_000) * 3600 + IMAGE_LINK_SECONDS / 2;
  return `/api/v1/images/${encodeURIComponent(id)}/file?expires=${expires}&sig=${sign(config, id, expires)}`;
}

export function validImageSignature(config: AppConfig, id: string, expires: number | undefined, sig: string | undefined, now = Date.now()): boolean {
  if (!expires || !sig || expires * 1000 < now) return false;
  const expected = Buffer.from(sign(config, id, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
