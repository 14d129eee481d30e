/** How many leading bytes detectContentType needs to tell every supported type apart. */
export const SNIFF_BYTES = 64 * 1024;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The content type from the file's own bytes (never from its name or the client's header), or null
 * when it is none of the types the product accepts. Pass at least the first SNIFF_BYTES bytes.
 */
export function detectContentType(bytes: Uint8Array): string | null {
  const b = bytes;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(b, 0, 4) === 'RIFF' && b.length >= 12) {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    return null;
  }
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return zipHasEntry(b, 'xl/') ? XLSX : 'application/zip';
  if (startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip'; // empty archive
  if (ascii(b, 0, 4) === 'OggS') return 'audio/ogg';
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(b);
  if (ascii(b, 4, 8) === 'ftyp') return mp4Type(ascii(b, 8, 12));
  if (ascii(b, 0, 3) === 'ID3' || isMpegAudioFrame(b)) return 'audio/mpeg';
  return null;
}

/**
 * Looks at local file headers (PK\3\4) in the leading bytes. Archivers that stream (exceljs among
 * them) write sizes after the data, so headers are found by signature instead of by walking sizes.
 */
function zipHasEntry(b: Uint8Array, namePrefix: string): boolean {
  for (let i = 0; i + 30 <= b.length; i++) {
    if (b[i] !== 0x50 || b[i + 1] !== 0x4b || b[i + 2] !== 0x03 || b[i + 3] !== 0x04) continue;
    const nameLength = b[i + 26] | (b[i + 27] << 8);
    if (i + 30 + nameLength > b.length) break;
    const compared = Math.min(nameLength, namePrefix.length);
    if (nameLength >= namePrefix.length && ascii(b, i + 30, i + 30 + compared) === namePrefix) return true;
  }
  return false;
}

/**
 * Matroska and WebM share the EBML header; only the DocType tells them apart. WebM is reported as
 * audio because browsers record voice comments (MediaRecorder) as WebM and play it in <audio>.
 */
function ebmlDocType(b: Uint8Array): string | null {
  for (let i = 4; i + 3 < Math.min(b.length, 64); i++) {
    // DocType element id 0x4282, then a one-byte length (0x80 | n)
    if (b[i] !== 0x42 || b[i + 1] !== 0x82 || (b[i + 2] & 0x80) === 0) continue;
    const n = b[i + 2] & 0x7f;
    return ascii(b, i + 3, i + 3 + n) === 'webm' ? 'audio/webm' : null;
  }
  return null;
}

/** M4A brands are audio; other ISO-BMFF brands may carry video, so they are not claimed as audio. */
function mp4Type(brand: string): string | null {
  if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
  if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash)$/.test(brand)) return 'video/mp4';
  return null;
}

/** An MPEG audio frame header without ID3 tag: 11 sync bits, a valid version and a layer. */
function isMpegAudioFrame(b: Uint8Array): boolean {
  if (b.length < 3 || b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const version = (b[1] >> 3) & 3;
  const layer = (b[1] >> 1) & 3;
  const bitrate = b[2] >> 4;
  return version !== 1 && layer !== 0 && bitrate !== 0xf;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** The OLE2 compound file of Office 97–2003 (doc, xls, ppt, msg): the container, not which program wrote it. */
export const OLE_STORAGE = 'application/x-ole-storage';

/**
 * detectContentType widened for the document library: Word and PowerPoint files (zip archives with word/ or ppt/
 * entries), Office 97–2003 files (OLE_STORAGE) and plain text (UTF-8 without control characters other than tab,
 * line breaks and form feed). Null for anything else, an empty file included.
 */
export function detectDocumentContentType(bytes: Uint8Array): string | null {
  const b = bytes;
  const found = detectContentType(b);
  if (found === 'application/zip' && startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    if (zipHasEntry(b, 'word/')) return DOCX;
    if (zipHasEntry(b, 'ppt/')) return PPTX;
  }
  if (found) return found;
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_STORAGE;
  return isPlainText(b) ? 'text/plain' : null;
}

function isPlainText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  // The head may end inside a multi-byte character: drop an incomplete one at the end before decoding.
  let end = b.length;
  if (b.length >= SNIFF_BYTES) {
    for (let i = 1; i <= 3 && end - i >= 0; i++) {
      const c = b[end - i]!;
      if ((c & 0xc0) === 0x80) continue;
      if (c >= 0xc0) end -= i;
      break;
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, end));
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
