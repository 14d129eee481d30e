import { getToken } from '../../providers/token';

/** Headings of the import template, in the order the worker documents them (customers.import.parse.ts). */
export const TEMPLATE_COLUMNS = [
  'Customer name',
  'Customer MDM id',
  'Customer language',
  'Customer time zone',
  'Site name',
  'Site MDM id',
  'Site MDM type',
  'Country',
  'State/Province',
  'Equipment serial number',
  'Equipment nickname',
  'Equipment MDM id',
  'Product family',
  'Product model',
];
const EXAMPLE = ['Kallio Oy', 'C-1001', 'fi', 'Europe/Helsinki', 'Quarry 1', 'S-2001', 'Plant', 'Finland', 'Uusimaa', 'SN-12345', 'Big one', '', 'LT106', ''];
const csvCell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The template as a data: link (no server round trip): headings and one example row. */
export const templateHref = () =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(`${[TEMPLATE_COLUMNS, EXAMPLE].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`)}`;

/**
 * Uploads the file as the raw request body to the REST route (the tRPC client has no file upload; the
 * route takes files up to 10 MB). Resolves with the new import's id; rejects with the server's message.
 */
export async function uploadImport(file: File): Promise<string> {
  const token = getToken();
  const res = await fetch(`/api/v1/customers/import?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
  if (res.status === 413) throw new Error(`'${file.name}' is larger than 10 MB; split it into several files`);
  if (!res.ok || !body.id) throw new Error(body.message?.replace(/^file: /, '') ?? `Upload failed (${res.status})`);
  return body.id;
}
