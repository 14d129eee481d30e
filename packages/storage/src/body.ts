import { Readable } from 'node:stream';
import type { Body } from './types.js';

export const toReadable = (body: Body): Readable =>
  body instanceof Readable ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
