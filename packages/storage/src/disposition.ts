/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266), so names such as
 * "Prüfbericht ä.pdf" survive and quotes or line breaks in a name cannot inject header fields.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
