import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TCategoryTitleTranslations } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt } from '../../test/render';
import { CategoryTitlesPage } from './CategoryTitlesPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let stored: TCategoryTitleTranslations[];
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  stored = [
    { id: uuid(1), text: 'Engine', translations: [] },
    { id: uuid(2), text: 'Feeder', translations: [{ language: 'de', text: 'Aufgeber', outdated: false }] },
  ];
  api = fakeApi({
    'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }, { id: 'fi', name: 'Finnish' }, { id: 'de', name: 'German' }] }),
    'pointAuthoring.categoryTitleTranslations': () => ({ data: stored }),
    'pointAuthoring.updateCategoryTitleTranslations': (input) => {
      const { items } = input as { items: { categoryTitleId: string; language: string; text: string }[] };
      stored = stored.map((t) => ({
        ...t,
        translations: [
          ...t.translations.filter((x) => !items.some((i) => i.categoryTitleId === t.id && i.language === x.language)),
          ...items.filter((i) => i.categoryTitleId === t.id && i.text).map((i) => ({ language: i.language, text: i.text, outdated: false })),
        ],
      }));
      return { data: stored };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/CategoryTitles (issue 19)', () => {
  it('translates the reference category titles language by language and saves them together', async () => {
    renderAt('/CategoryTitles', [{ path: '/CategoryTitles', element: <CategoryTitlesPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Category titles' })).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Engine (Finnish)' }), { target: { value: 'Moottori' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Translate into' }));
    fireEvent.click(await screen.findByRole('option', { name: 'German' }));
    expect((await screen.findByRole('textbox', { name: 'Feeder (German)' }) as HTMLInputElement).value).toBe('Aufgeber');
    fireEvent.change(screen.getByRole('textbox', { name: 'Feeder (German)' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save translations' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'pointAuthoring.updateCategoryTitleTranslations')).toHaveLength(1));
    expect(api.calls.find((c) => c.path === 'pointAuthoring.updateCategoryTitleTranslations')!.input).toEqual({
      items: [{ categoryTitleId: uuid(1), language: 'fi', text: 'Moottori' }, { categoryTitleId: uuid(2), language: 'de', text: '' }],
    });
    expect(await screen.findByText('Translations saved.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Feeder (German)' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Save translations' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
