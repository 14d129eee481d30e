import { createInflateRaw } from 'node:zlib';

const MB = 1024 * 1024;
const fmtMB = (n: number) => `${Math.round(n / MB)} MB`;

/**
 * What an uploaded zip archive (an .xlsx is one) may unpack to before anything parses it in memory
 * (docs/decisions.md, customer import). A real workbook of 20 000 rows unpacks to a few MB at 5–20:1.
 */
export const ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({ maxUnpackedBytes: 50 * MB, maxEntries: 1000, maxRatio: 100, ratioFromBytes: 1 * MB });
export interface ZipLimits {
  /** Sum of the unpacked bytes of every entry. */
  maxUnpackedBytes: number;
  maxEntries: number;
  /** Unpacked : packed, for one entry and for the whole archive... */
  maxRatio: number;
  /** ...once the unpacked size passes this (tiny entries compress absurdly well and are harmless). */
  ratioFromBytes: number;
}

/** The limits in words, for the message that follows a refusal. */
export const describeZipLimits = (limits: Readonly<ZipLimits> = ZIP_LIMITS) =>
  `at most ${fmtMB(limits.maxUnpackedBytes)} unpacked, in at most ${limits.maxEntries} parts, none packed more than ${limits.maxRatio}:1`;

/** The archive is refused; the message reads after the file's name ("'a.xlsx' unpacks to more than 50 MB"). */
export class ZipRefusedError extends Error {
  override name = 'ZipRefusedError';
  constructor(
    message: string,
    /** How many bytes of the refused entry were inflated before the check stopped (for tests and logs). */
    readonly inflatedBytes = 0,
    /** Not a limit passed: the archive is damaged, encrypted or packed in a way the parser cannot read. */
    readonly unreadable = false,
  ) {
    super(message);
  }
}

const SIG = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 };
const damaged = (why: string) => new ZipRefusedError(`is not a readable zip archive (${why})`, 0, true);

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * Unpacks every entry of a zip archive without keeping it, and refuses the archive (ZipRefusedError) as
 * soon as it passes a limit. The sizes the archive declares are not trusted: deflated entries are
 * inflated from where their data starts until their deflate stream ends, and the bytes that come out are
 * counted, so an entry whose header claims 1 KB but that inflates to 60 MB is stopped at 50 MB. Entries are
 * the ones of the central directory, read as JSZip (which exceljs uses) reads them; an archive whose layout
 * JSZip would read differently (data before the archive, a misplaced directory) is refused as damaged.
 * The packed bytes all entries may read add up to at most the archive's size, so entries that share their
 * data (the overlapping-entries bomb) cannot multiply the work either.
 */
export async function checkZipLimits(bytes: Uint8Array, limits: Readonly<ZipLimits> = ZIP_LIMITS): Promise<{ entries: number; unpackedBytes: number }> {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(b, limits.maxEntries);
  let unpacked = 0;
  let packedBudget = b.length;
  const overall = (total: number) => {
    if (total > limits.maxUnpackedBytes) return `unpacks to more than ${fmtMB(limits.maxUnpackedBytes)}`;
    if (total > limits.ratioFromBytes && total > limits.maxRatio * b.length) return `unpacks to more than ${limits.maxRatio} times its size`;
    return null;
  };
  for (const e of entries) {
    if (e.flags & 1) throw new ZipRefusedError(`is encrypted (part ${e.name})`, 0, true);
    if (e.localOffset + 30 > b.length || b.readUInt32LE(e.localOffset) !== SIG.local) throw damaged(`part ${e.name} has no local header`);
    const dataStart = e.localOffset + 30 + b.readUInt16LE(e.localOffset + 26) + b.readUInt16LE(e.localOffset + 28);
    if (dataStart > b.length) throw damaged(`part ${e.name} is cut off`);
    const declaredPacked = Math.max(1, Math.min(e.compressedSize, b.length - dataStart));
    let size: number;
    let packed: number;
    if (e.method === 0) {
      // Stored: the parser copies compressedSize bytes, so that is what it unpacks to.
      packed = size = Math.min(e.compressedSize, b.length - dataStart);
      if (packed > packedBudget) throw damaged(`part ${e.name} shares its data with another part`);
      const problem = overall(unpacked + size);
      if (problem) throw new ZipRefusedError(problem);
    } else if (e.method === 8) {
      const input = b.subarray(dataStart, dataStart + Math.min(b.length - dataStart, packedBudget));
      ({ size, packed } = await inflatedSize(input, e.name, (n) => {
        if (n > limits.ratioFromBytes && n > limits.maxRatio * declaredPacked) return entryRatio(e.name, limits);
        return overall(unpacked + n);
      }));
      // The declared packed size may be a lie; the bytes the deflate stream really used are not.
      if (size > limits.ratioFromBytes && size > limits.maxRatio * Math.max(1, packed)) throw new ZipRefusedError(entryRatio(e.name, limits), size);
    } else {
      throw new ZipRefusedError(`uses compression method ${e.method} (part ${e.name}), which spreadsheet programs do not write`, 0, true);
    }
    unpacked += size;
    packedBudget -= packed;
  }
  return { entries: entries.length, unpackedBytes: unpacked };
}

const entryRatio = (name: string, limits: Readonly<ZipLimits>) => `has a part (${name}) that unpacks to more than ${limits.maxRatio} times its packed size`;

/** Inflates without keeping the output; rejects once `tooMuch` names a problem for the bytes so far. */
function inflatedSize(input: Buffer, name: string, tooMuch: (unpacked: number) => string | null): Promise<{ size: number; packed: number }> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      reject(err);
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      const problem = tooMuch(size);
      if (problem) fail(new ZipRefusedError(problem, size));
    });
    inflater.on('error', (err) => fail(damaged(`part ${name}: ${err.message}`)));
    inflater.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ size, packed: inflater.bytesWritten }); // bytesWritten: the input the deflate stream consumed
    });
    inflater.end(input);
  });
}

/** The central directory's entries; at most maxEntries are read, more refuse the archive. */
function readCentralDirectory(b: Buffer, maxEntries: number): Entry[] {
  const end = lastIndexOf(b, SIG.end);
  if (end < 0 || end + 22 > b.length) throw damaged('no end of central directory');
  let count = b.readUInt16LE(end + 10);
  let dirSize = b.readUInt32LE(end + 12);
  let dirOffset = b.readUInt32LE(end + 16);
  let dirEnd = end;
  // The same test as JSZip's for a ZIP64 archive: any 16-bit field of the end record at 0xFFFF, or a 32-bit one at 0xFFFFFFFF.
  if ([4, 6, 8, 10].some((o) => b.readUInt16LE(end + o) === 0xffff) || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    // The real numbers are in the ZIP64 end record, found through the locator just before the end record.
    const locator = end - 20;
    if (locator < 0 || lastIndexOf(b, SIG.locator64) !== locator) throw damaged('ZIP64 locator missing');
    const record = safeNumber(b.readBigUInt64LE(locator + 8));
    if (record + 56 > locator || b.readUInt32LE(record) !== SIG.end64) throw damaged('ZIP64 end record missing');
    if (record + 12 + safeNumber(b.readBigUInt64LE(record + 4)) !== locator) throw damaged('ZIP64 end record misplaced');
    count = safeNumber(b.readBigUInt64LE(record + 32));
    dirSize = safeNumber(b.readBigUInt64LE(record + 40));
    dirOffset = safeNumber(b.readBigUInt64LE(record + 48));
    dirEnd = record;
  }
  // JSZip shifts every offset when this does not hold (data prepended to the archive); we refuse instead,
  // so both read the same bytes.
  if (dirOffset + dirSize !== dirEnd) throw damaged('the central directory is not where the archive says');
  if (count > maxEntries) throw new ZipRefusedError(`has more than ${maxEntries} parts`);

  const entries: Entry[] = [];
  let p = dirOffset;
  while (p < dirEnd) {
    // Counted as read, not as declared: JSZip reads every record there is.
    if (entries.length >= maxEntries) throw new ZipRefusedError(`has more than ${maxEntries} parts`);
    if (p + 46 > dirEnd || b.readUInt32LE(p) !== SIG.central) throw damaged('bad central directory record');
    const nameLength = b.readUInt16LE(p + 28);
    const extraLength = b.readUInt16LE(p + 30);
    const commentLength = b.readUInt16LE(p + 32);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > dirEnd) throw damaged('bad central directory record');
    const entry: Entry = {
      name: b.toString('utf8', p + 46, p + 46 + nameLength),
      flags: b.readUInt16LE(p + 8),
      method: b.readUInt16LE(p + 10),
      compressedSize: b.readUInt32LE(p + 20),
      localOffset: b.readUInt32LE(p + 42),
    };
    readZip64Extra(b, p, b.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    p = next;
  }
  return entries;
}

/** ZIP64 extra field (0x0001): 8-byte values, in this order, for each 32-bit field that holds 0xFFFFFFFF. */
function readZip64Extra(b: Buffer, record: number, extra: Buffer, entry: Entry) {
  const uncompressed32 = b.readUInt32LE(record + 24);
  if (uncompressed32 !== 0xffffffff && entry.compressedSize !== 0xffffffff && entry.localOffset !== 0xffffffff) return;
  for (let i = 0; i + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let q = i + 4;
      const take = () => {
        if (q + 8 > i + 4 + length || q + 8 > extra.length) throw damaged('bad ZIP64 extra field');
        const v = safeNumber(extra.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (uncompressed32 === 0xffffffff) take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localOffset === 0xffffffff) entry.localOffset = take();
      return;
    }
    i += 4 + length;
  }
  throw damaged('ZIP64 extra field missing');
}

/** The last occurrence anywhere, as JSZip looks for the end records. */
function lastIndexOf(b: Buffer, signature: number): number {
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(signature);
  return b.lastIndexOf(sig);
}

function safeNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('size out of range');
  return Number(v);
}
