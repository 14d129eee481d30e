import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../providers/queryClient';
import { ONLY_ONE_FILE, UNALLOWED_FILE_TYPE } from '@insp/contracts';
import type { PhotoValue } from '../formValues';
import { LocalImagesProvider } from './localImages';
import { PhotoList } from './PhotoList';
import { PREVIEW } from './PhotoItem';
import { PHOTO_ACCEPT, pickPhoto } from './pickPhoto';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const png = (name = 'belt.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

function renderList() {
  let latest: PhotoValue[] = [];
  function Harness() {
    const [value, setValue] = useState<PhotoValue[]>([]);
    return <PhotoList label="Belt" value={value} onChange={(v) => setValue((latest = v))} />;
  }
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <LocalImagesProvider>
        <Harness />
      </LocalImagesProvider>
    </QueryClientProvider>,
  );
  return { last: () => latest };
}

describe('photo upload rules (000 §2.6, §5, §8)', () => {
  it('takes exactly one jpeg, jpg or png per drop or pick', () => {
    expect(pickPhoto([png()])).toEqual({ file: expect.any(File) });
    expect(pickPhoto([png('a.JPG', 'image/jpeg')])).toEqual({ file: expect.any(File) });
    expect(pickPhoto([png('a.jpeg', '')])).toEqual({ file: expect.any(File) });
    expect(pickPhoto([png(), png('b.png')])).toEqual({ error: ONLY_ONE_FILE });
    expect(pickPhoto([])).toEqual({ error: ONLY_ONE_FILE });
    expect(pickPhoto([png('a.gif', 'image/gif')])).toEqual({ error: UNALLOWED_FILE_TYPE });
    expect(pickPhoto([png('a.heic', '')])).toEqual({ error: UNALLOWED_FILE_TYPE });
    expect(PHOTO_ACCEPT).toBe('.png,.jpg,.jpeg');
  });

  it('says "Only one file allowed at a time" for a drop of two files and "Unallowed file type" for a gif, adding nothing', () => {
    const { last } = renderList();
    const drop = screen.getByTestId('photo-drop');
    fireEvent.drop(drop, { dataTransfer: { files: [png(), png('b.png')] } });
    expect(screen.getByRole('alert').textContent).toBe('Only one file allowed at a time');
    fireEvent.drop(drop, { dataTransfer: { files: [png('c.gif', 'image/gif')] } });
    expect(screen.getByRole('alert').textContent).toBe('Unallowed file type');
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [png('d.webp', 'image/webp')] } });
    expect(screen.getByRole('alert').textContent).toBe('Unallowed file type');
    expect(last()).toEqual([]);
  });

  it('holds a dropped photo locally, previewed at 300 × 200, with caption and layout', () => {
    const { last } = renderList();
    fireEvent.drop(screen.getByTestId('photo-drop'), { dataTransfer: { files: [png()] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(last()).toEqual([{ imageId: expect.stringMatching(/^local:/), caption: '', layout: 'Default' }]);
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('blob:preview');
    expect(PREVIEW).toEqual({ width: 300, height: 200 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Caption' }), { target: { value: 'Worn edge' } });
    expect(last()[0]!.caption).toBe('Worn edge');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo Worn edge' }));
    expect(last()).toEqual([]);
  });
});
