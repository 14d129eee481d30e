import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchReportPdf, fileNameOf, pdfFallbackName, retryAfterMs } from './pdfDownload';
import { prepareReport } from './reportHtml';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PDF download', () => {
  it('asks again after each 202 as Retry-After says, reporting progress, and returns the file named by the server', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'tok');
    const answers = [
      Response.json({ status: 'pending' }, { status: 202, headers: { 'retry-after': '3' } }),
      Response.json({ status: 'pending' }, { status: 202, headers: { 'retry-after': '2' } }),
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="20260321_JC80-7100053_Daily.pdf"' },
      }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const pending: number[] = [];
    const done = fetchReportPdf('r1', 'fi', { onPending: (p) => pending.push(p.attempt) });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(fetch).toHaveBeenCalledTimes(1); // still waiting the 3 s it was told
    await vi.advanceTimersByTimeAsync(2_200);
    const file = await done;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[0]).toEqual(['/api/v1/inspections/r1/reportpdf?lang=fi', expect.objectContaining({ headers: { authorization: 'Bearer tok' } })]);
    expect(pending).toEqual([1, 2]);
    expect(file.fileName).toBe('20260321_JC80-7100053_Daily.pdf');
    expect(file.blob.size).toBe(8);
  });

  it("fails with the server's message on any other answer", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Inspection not found' }, { status: 404 })));
    await expect(fetchReportPdf('r1', 'en')).rejects.toThrow('Inspection not found');
  });

  it('reads the file name from content-disposition, preferring filename*, never a folder', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''20260101_S%C3%A4_Daily.pdf`)).toBe('20260101_Sä_Daily.pdf');
    expect(fileNameOf('attachment; filename=20260101_X_FAT.pdf')).toBe('20260101_X_FAT.pdf');
    expect(fileNameOf('attachment; filename="../../etc/x.pdf"')).toBe('x.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(pdfFallbackName({ inspectionDate: Date.UTC(2026, 2, 21), serialNumber: 'JC80', type: 'Daily' })).toBe('20260321_JC80_Daily.pdf');
  });

  it('keeps Retry-After between 1 and 10 seconds', () => {
    expect(retryAfterMs('0')).toBe(1_000);
    expect(retryAfterMs('4')).toBe(4_000);
    expect(retryAfterMs('600')).toBe(10_000);
    expect(retryAfterMs(null)).toBe(2_000);
    expect(retryAfterMs(new Date(10_000 + 5_000).toUTCString(), 10_000)).toBe(5_000);
  });
});

describe('report HTML', () => {
  it('replaces every link by its text on the details page and opens links in a new tab elsewhere', () => {
    const html = '<html><head><style>p{color:red}</style></head><body><p>See <a href="https://x.example/a?b=1&c=>">the <b>manual</b></a> and <a href="#top">top</a>.</p></body></html>';
    const stripped = prepareReport(html, { stripLinks: true });
    expect(stripped).not.toMatch(/<a\b/i);
    expect(stripped).toContain('<p>See the <b>manual</b> and top.</p>');
    expect(stripped).toContain('<style>p{color:red}</style>');
    const kept = prepareReport(html);
    expect(kept).toContain('<base target="_blank">');
    expect(kept).toContain('<a href="#top">top</a>');
  });
});
