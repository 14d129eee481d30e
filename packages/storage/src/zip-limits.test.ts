import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { checkZipLimits, ZIP_LIMITS, ZipRefusedError } from './zip-limits.js';

const MB = 1024 * 1024;

/** A workbook as exceljs writes it, with one sheet of a few customers. */
async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Customers');
  sheet.addRow(['Customer name', 'Equipment serial number']);
  for (let i = 0; i < 200; i++) sheet.addRow([`Customer ${i}`, `SN-${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The workbook's parts plus extra ones, deflated (as a real .xlsx is). */
async function zipWith(extra: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbook());
  for (const [name, data] of Object.entries(extra)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Offsets of every central directory record (signature PK\1\2). */
function centralRecords(b: Buffer): number[] {
  const found: number[] = [];
  for (let i = b.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = b.indexOf('PK\x01\x02', i + 1, 'latin1')) found.push(i);
  return found;
}
const nameAt = (b: Buffer, record: number) => b.toString('utf8', record + 46, record + 46 + b.readUInt16LE(record + 28));

async function refusal(bytes: Buffer, limits = ZIP_LIMITS): Promise<ZipRefusedError> {
  const err = await checkZipLimits(bytes, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the archive should be refused').toBeInstanceOf(ZipRefusedError);
  return err as ZipRefusedError;
}

/**
 * A ZIP64 archive written by hand (JSZip does not write ZIP64): every 32-bit size and offset of the central
 * directory is 0xFFFFFFFF and the real values are in the ZIP64 extra field and end record.
 */
function zip64(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0xffffffff, 18);
  local.writeUInt32LE(0xffffffff, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const extra = Buffer.alloc(4 + 24);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(declaredSize), 4);
  extra.writeBigUInt64LE(BigInt(data.length), 12);
  extra.writeBigUInt64LE(0n, 20); // local header offset
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(0xffffffff, 42);
  const dir = Buffer.concat([central, nameBytes, extra]);
  const dirOffset = local.length + nameBytes.length + data.length;
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeUInt16LE(45, 12);
  end64.writeUInt16LE(45, 14);
  end64.writeBigUInt64LE(1n, 24);
  end64.writeBigUInt64LE(1n, 32);
  end64.writeBigUInt64LE(BigInt(dir.length), 40);
  end64.writeBigUInt64LE(BigInt(dirOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(dirOffset + dir.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([local, nameBytes, data, dir, end64, locator, end]);
}

describe('zip limits of an uploaded workbook', () => {
  it('let a real workbook through and say what it unpacks to', async () => {
    const result = await checkZipLimits(await workbook());
    expect(result.entries).toBeGreaterThan(5);
    expect(result.unpackedBytes).toBeGreaterThan(10_000);
  });

  it('refuse a zip bomb (60 MB of zeros packed to ~60 KB) as soon as the part passes 100:1', async () => {
    const bomb = await zipWith({ 'xl/worksheets/sheet2.xml': Buffer.alloc(60 * MB) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const err = await refusal(bomb);
    expect(err.message).toBe('has a part (xl/worksheets/sheet2.xml) that unpacks to more than 100 times its packed size');
    expect(err.unreadable).toBe(false);
    // Stopped once past 100 times its ~60 KB packed size, not after inflating 60 MB.
    expect(err.inflatedBytes).toBeLessThan(7 * MB);
  });

  it('count the bytes that really come out, whatever sizes the headers declare', async () => {
    const bomb = await zipWith({ 'xl/worksheets/sheet2.xml': Buffer.alloc(60 * MB) });
    // The headers claim 1 000 bytes unpacked and 10 MB packed, which would pass any check of declared sizes.
    for (const record of centralRecords(bomb).filter((r) => nameAt(bomb, r) === 'xl/worksheets/sheet2.xml')) {
      bomb.writeUInt32LE(10 * MB, record + 20);
      bomb.writeUInt32LE(1000, record + 24);
      const local = bomb.readUInt32LE(record + 42);
      bomb.writeUInt32LE(10 * MB, local + 18);
      bomb.writeUInt32LE(1000, local + 22);
    }
    const err = await refusal(bomb);
    expect(err.message).toBe('has a part (xl/worksheets/sheet2.xml) that unpacks to more than 100 times its packed size');
    // Without the ratio rule the total stops it, after at most 50 MB (with the other parts) of output.
    const total = await refusal(bomb, { ...ZIP_LIMITS, maxRatio: Number.POSITIVE_INFINITY });
    expect(total.message).toBe('unpacks to more than 50 MB');
    expect(total.inflatedBytes).toBeGreaterThan(49 * MB);
    expect(total.inflatedBytes).toBeLessThan(51 * MB);
  });

  it('refuse a workbook that unpacks to more than the total, even at a believable ratio', async () => {
    // Decimal digits pack about 2:1: 3 MB of them passes the ratio rule but not a 2 MB total.
    const digits = Buffer.from(Array.from({ length: 3 * MB }, () => String(Math.floor(Math.random() * 10))).join(''));
    const big = await zipWith({ 'xl/worksheets/sheet2.xml': digits });
    expect((await refusal(big, { ...ZIP_LIMITS, maxUnpackedBytes: 2 * MB })).message).toBe('unpacks to more than 2 MB');
    await expect(checkZipLimits(big)).resolves.toMatchObject({ unpackedBytes: expect.any(Number) });
  });

  it('refuse an archive of many small parts that together unpack to more than 100 times its size', async () => {
    const parts = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`xl/media/blank${i}.bin`, Buffer.alloc(900 * 1024)]));
    expect((await refusal(await zipWith(parts))).message).toBe('unpacks to more than 100 times its size');
  });

  it('refuse more than 1000 parts', async () => {
    const parts = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`xl/extra/p${i}.xml`, '<a/>']));
    expect((await refusal(await zipWith(parts))).message).toBe('has more than 1000 parts');
    await expect(checkZipLimits(await zipWith({}), { ...ZIP_LIMITS, maxEntries: 50 })).resolves.toBeTruthy();
  });

  it('refuse parts that share their packed data (the overlapping-entries bomb)', async () => {
    const text = Buffer.from(Array.from({ length: 600 * 1024 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join(''));
    const zip = await zipWith({ 'xl/worksheets/sheet2.xml': text });
    const record = centralRecords(zip).find((r) => nameAt(zip, r) === 'xl/worksheets/sheet2.xml')!;
    const length = 46 + zip.readUInt16LE(record + 28) + zip.readUInt16LE(record + 30) + zip.readUInt16LE(record + 32);
    const end = zip.lastIndexOf('PK\x05\x06', undefined, 'latin1');
    const dirOffset = zip.readUInt32LE(end + 16);
    // 100 more central directory records pointing at the same local data.
    const copies = Buffer.concat(Array.from({ length: 100 }, () => zip.subarray(record, record + length)));
    const bomb = Buffer.concat([zip.subarray(0, end), copies, zip.subarray(end)]);
    const newEnd = end + copies.length;
    bomb.writeUInt16LE(bomb.readUInt16LE(newEnd + 8) + 100, newEnd + 8);
    bomb.writeUInt16LE(bomb.readUInt16LE(newEnd + 10) + 100, newEnd + 10);
    bomb.writeUInt32LE(newEnd - dirOffset, newEnd + 12);
    expect((await refusal(bomb)).message).toMatch(/^is not a readable zip archive \(part xl\/worksheets\/sheet2\.xml/);
  });

  it('read ZIP64 archives, and count what their parts unpack to whatever the ZIP64 fields declare', async () => {
    await expect(checkZipLimits(zip64('xl/workbook.xml', Buffer.from('<workbook/>')))).resolves.toEqual({ entries: 1, unpackedBytes: 11 });
    expect((await refusal(zip64('xl/workbook.xml', Buffer.alloc(60 * MB), 1000))).message).toBe(
      'has a part (xl/workbook.xml) that unpacks to more than 100 times its packed size',
    );
  });

  it('refuse what is not a zip archive, a cut-off one, or one with data before it', async () => {
    const good = await workbook();
    const notZip = await refusal(Buffer.from('Customer name\nKallio Oy\n'));
    expect(notZip).toMatchObject({ message: 'is not a readable zip archive (no end of central directory)', unreadable: true });
    expect((await refusal(good.subarray(0, good.length - 100))).message).toMatch(/^is not a readable zip archive/);
    expect((await refusal(Buffer.concat([Buffer.from('PK\x03\x04junk'), good]))).message).toMatch(/^is not a readable zip archive/);
  });
});
