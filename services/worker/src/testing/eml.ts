import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Quoted-printable undone: soft breaks joined, escapes read as UTF-8 bytes ('f=C3=A4llig' → 'fällig'). */
const unQuote = (s: string) => s.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

/** A header's value with its folded lines joined and its encoded words (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const found = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head)?.[1] ?? '';
  return found
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : unQuote(text.replace(/_/g, ' ')),
    );
}

/** The .eml files in `<dataDir>/mail`, decoded enough to search: quoted-printable undone, the subject decoded. */
export async function readMails(dataDir: string): Promise<Array<{ file: string; raw: string; decoded: string; subject: string }>> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      return { file, raw, decoded: unQuote(raw), subject: header(raw, 'Subject') };
    }),
  );
}
