import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TInspectionPoint, TPointText } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt } from '../../test/render';
import { LocalizationTab } from './LocalizationTab';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const point = { id: uuid(1), name: 'Wear parts', translations: [], descriptionTranslations: [] } as unknown as TInspectionPoint;
const texts = (): TPointText[] => [
  { kind: 'dropdown', id: uuid(10), english: 'Supplier', context: 'Dropdown', shared: false, translations: [{ language: 'de', text: 'Lieferant', outdated: false }] },
  { kind: 'dropdownOption', id: uuid(11), english: 'Third-party', context: 'Option of dropdown "Supplier"', shared: false, translations: [{ language: 'de', text: 'Fremd', outdated: true }] },
  { kind: 'option', id: uuid(12), english: 'Good', context: 'Option of the shared group "Condition"', shared: true, translations: [] },
];

let api: ReturnType<typeof fakeApi>;
let saveReply: () => { data: unknown } | { error: { httpStatus: number; code: string; message: string; field?: string } };
beforeEach(() => {
  saveReply = () => ({ data: texts().map((t) => (t.id === uuid(12) ? { ...t, translations: [{ language: 'de', text: 'Gut', outdated: false }] } : t)) });
  api = fakeApi({
    'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }, { id: 'de', name: 'German' }, { id: 'fi', name: 'Finnish' }] }),
    'pointAuthoring.pointTextTranslations': () => ({ data: texts() }),
    'pointAuthoring.updatePointTextTranslations': () => saveReply(),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const render = () => renderAt('/InspectionPoints', [{ path: '/InspectionPoints', element: <LocalizationTab point={point} /> }]);
const saves = () => api.calls.filter((c) => c.path === 'pointAuthoring.updatePointTextTranslations').map((c) => c.input);

describe('Localization tab: texts in the report (issue 19)', () => {
  it("lists the point's texts in the first language with their translations, the outdated one tagged and the shared option said so", async () => {
    render();
    expect(((await screen.findByRole('textbox', { name: 'Supplier (German)' })) as HTMLInputElement).value).toBe('Lieferant');
    expect((screen.getByRole('textbox', { name: 'Third-party (German)' }) as HTMLInputElement).value).toBe('Fremd');
    expect(screen.getByText('outdated')).toBeTruthy();
    expect(screen.getByText(/shared by every point using the group/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Category titles' }).getAttribute('href')).toBe('/CategoryTitles');
  });

  it('sends the texts typed in two languages and the outdated one to confirm it, in one save', async () => {
    render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Good (German)' }), { target: { value: 'Gut' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Translate into' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finnish' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Supplier (Finnish)' }), { target: { value: 'Toimittaja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save text translations' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: uuid(1),
      items: expect.arrayContaining([
        { kind: 'dropdown', id: uuid(10), language: 'fi', text: 'Toimittaja' },
        { kind: 'dropdownOption', id: uuid(11), language: 'de', text: 'Fremd' },
        { kind: 'option', id: uuid(12), language: 'de', text: 'Gut' },
      ]),
    });
    expect((saves()[0] as { items: unknown[] }).items).toHaveLength(3);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    saveReply = () => ({ error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'items.0.language: not a language of the product (fi)', field: 'items.0.language' } });
    render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Good (German)' }), { target: { value: 'Gut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save text translations' }));
    expect(await screen.findByText(/not a language of the product/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Good (German)' }) as HTMLInputElement).value).toBe('Gut');
  });

  it('has nothing to save until a text changes, other than confirming an outdated one', async () => {
    api = fakeApi({
      'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }, { id: 'de', name: 'German' }] }),
      'pointAuthoring.pointTextTranslations': () => ({ data: [texts()[0]] }),
    });
    vi.stubGlobal('fetch', api.fetch);
    render();
    await screen.findByRole('textbox', { name: 'Supplier (German)' });
    expect((screen.getByRole('button', { name: 'Save text translations' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
