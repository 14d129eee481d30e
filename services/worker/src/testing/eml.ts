import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The .eml files in `<dataDir>/mail`, decoded enough to search: quoted-printable soft breaks and escapes undone. */
export async function readMails(dataDir: string): Promise<Array<{ file: string; raw: string; decoded: string }>> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return { file, raw, decoded };
    }),
  );
}
