import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

export const hasPoppler = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdfinfo');

/** A real PNG of one solid colour, built here so the test does not depend on fixture files. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

export const pdfInfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
export const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** Page 1 as PNG (to look at) and as PPM (to count pixels of a colour). */
export function rasterPage1(file: string, outDir: string, dpi = 60) {
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(outDir, 'page-1')]);
  execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(outDir, 'page-1')]);
  return { png: join(outDir, 'page-1.png'), ppm: readPpm(join(outDir, 'page-1.ppm')) };
}

function readPpm(file: string) {
  const buf = readFileSync(file);
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 50).toString('latin1'));
  if (!m) throw new Error('not a binary PPM');
  const pixels = buf.subarray(m[0].length);
  return {
    width: Number(m[1]),
    height: Number(m[2]),
    /** Pixels within `tolerance` of the colour on every channel. */
    count([r, g, b]: [number, number, number], tolerance = 40) {
      let n = 0;
      for (let i = 0; i + 2 < pixels.length; i += 3) {
        if (Math.abs(pixels[i] - r) <= tolerance && Math.abs(pixels[i + 1] - g) <= tolerance && Math.abs(pixels[i + 2] - b) <= tolerance) n++;
      }
      return n;
    },
  };
}

export const writePdf = (dir: string, name: string, pdf: Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
};

const ORANGE: [number, number, number] = [255, 140, 0];
export const COLORS = { png: ORANGE, svg: [0, 128, 0] as [number, number, number] };

/** What a report looks like to the printer: heading, table, inline SVG and an inline PNG. */
export function reportHtml(title: string): string {
  const png = solidPng(120, 120, ORANGE).toString('base64');
  const rows = [
    ['SN-778899', 'Crusher LT106', 'OK'],
    ['SN-112233', 'Screen ST2.8', 'Needs repair'],
  ];
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title>
<style>
  body { font-family: sans-serif; }
  table { border-collapse: collapse; width: 100%; }
  td, th { border: 1px solid #444; padding: 4px 8px; text-align: left; }
</style></head><body>
<h1>${title}</h1>
<table><thead><tr><th>Serial</th><th>Product</th><th>Result</th></tr></thead>
<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>
<p><svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <circle cx="80" cy="80" r="75" fill="rgb(0,128,0)"/></svg>
<img alt="photo" width="160" height="160" src="data:image/png;base64,${png}"></p>
</body></html>`;
}
