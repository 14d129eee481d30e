import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isTempId } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { manualXhr, renderEditor, uuid } from './editorHarness.test-helpers';
import { optionTypeEditors } from './index';

const existing = {
  id: uuid(30),
  title: 'Wear parts',
  hideImages: true,
  multiselect: true,
  inspectionPointId: uuid(31),
  inspectionPointName: 'Jaw check',
  options: [
    { id: uuid(32), index: 0, title: 'Jaw plate', imageId: uuid(33), imageUrl: '/img/33', followUpRangeValue: null },
    {
      id: uuid(34),
      index: 1,
      title: 'Cheek plate',
      imageId: null,
      imageUrl: null,
      followUpRangeValue: { id: uuid(35), index: 0, title: 'mm', keyboardType: 'numeric' as const, inputValidationRegexp: null, validationConsequence: 'NoAction' as const, metas: [] },
    },
  ],
};
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'pointAuthoring.dropdowns': () => ({ data: [existing] }) });
  vi.stubGlobal('fetch', api.fetch);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('dropdown editor', { timeout: 20_000 }, () => {
  it('picking an existing dropdown copies its title, flags and options with new temporary ids (picker 300 px)', async () => {
    const ed = renderEditor(optionTypeEditors.Dropdown!, { type: 'Dropdown' });
    const own = ed.current().dropdowns![0]!.id;
    const card = screen.getByRole('group', { name: 'Dropdown 1' });
    fireEvent.click(within(card).getByRole('switch', { name: 'Pick an existing dropdown' }));
    const list = await screen.findByRole('list', { name: 'Existing dropdowns' });
    expect(getComputedStyle(list).height).toBe('300px');
    fireEvent.click(await within(list).findByText('Wear parts'));
    const d = ed.current().dropdowns![0]!;
    expect(d).toMatchObject({ id: own, title: 'Wear parts', hideImages: true, multiselect: true });
    expect(d.options!.map((o) => [o.title, o.imageId])).toEqual([['Jaw plate', uuid(33)], ['Cheek plate', null]]);
    for (const o of d.options!) expect(isTempId(o.id)).toBe(true);
    expect(isTempId(d.options![1]!.followUpRangeValue!.id)).toBe(true);
    expect(d.options![1]!.followUpRangeValue!.title).toBe('mm');
    // the picker closes and the title is typed text again
    expect((within(card).getByRole('textbox', { name: 'Dropdown title' }) as HTMLInputElement).value).toBe('Wear parts');
  });

  it('while an option image uploads: overlay with progress, Add new dropdown disabled; 201 puts its id on the option', async () => {
    const xhr = manualXhr();
    vi.stubGlobal('XMLHttpRequest', xhr.FakeXhr);
    const ed = renderEditor(optionTypeEditors.Dropdown!, { type: 'Dropdown' });
    const addDropdown = screen.getByRole('button', { name: 'Add new dropdown' }) as HTMLButtonElement;
    expect(addDropdown.disabled).toBe(false);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'plate.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image of option 1'), { target: { files: [file] } });
    await waitFor(() => expect(xhr.pending).toHaveLength(1));
    expect(xhr.pending[0]!.url).toBe('/api/v1/images');
    expect(screen.getByTestId('option-image-overlay')).toBeTruthy();
    expect(addDropdown.disabled).toBe(true);
    expect(ed.busy()).toBe(true); // the form's Save waits for the image
    expect(screen.getByText(/An option image is still uploading/)).toBeTruthy();
    act(() => xhr.pending[0]!.progress(40));
    expect(within(screen.getByTestId('option-image-overlay')).getByText('Uploading 40 %')).toBeTruthy();
    act(() => xhr.pending[0]!.answer(201, { id: uuid(40) }));
    await waitFor(() => expect(addDropdown.disabled).toBe(false));
    // the editor tells the form from an effect, which may run after the commit that enabled the button
    await waitFor(() => expect(ed.busy()).toBe(false));
    expect(screen.queryByTestId('option-image-overlay')).toBeNull();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(ed.current().dropdowns![0]!.options![0]!.imageId).toBe(uuid(40));
  });

  it("an answer other than 201 is 'Uploading failed' and sets no image", async () => {
    const xhr = manualXhr();
    vi.stubGlobal('XMLHttpRequest', xhr.FakeXhr);
    const ed = renderEditor(optionTypeEditors.Dropdown!, { type: 'Dropdown' });
    fireEvent.change(screen.getByLabelText('Image of option 1'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(xhr.pending).toHaveLength(1));
    act(() => xhr.pending[0]!.answer(200, { id: uuid(41) }));
    expect(await screen.findByText('Uploading failed')).toBeTruthy();
    expect(ed.current().dropdowns![0]!.options![0]!.imageId ?? null).toBeNull();
    expect((screen.getByRole('button', { name: 'Add new dropdown' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers Batch update only on saved options of saved dropdowns in edit mode; a locked option is read-only', () => {
    const dropdowns = [
      {
        id: uuid(50),
        title: 'Condition',
        options: [
          { id: uuid(51), title: 'Worn' },
          { id: uuid(52), title: 'Broken', batchUpdateDetails: { batchUpdateId: uuid(53), status: 'pending' as const } },
          { id: 'temp-id-new', title: 'New' },
        ],
      },
    ];
    renderEditor(optionTypeEditors.Dropdown!, { type: 'Dropdown', dropdowns }, 'edit');
    const option = (n: number) => screen.getByRole('group', { name: `Option ${n}` });
    expect(within(option(1)).getByRole('button', { name: 'Batch update' })).toBeTruthy();
    expect(within(option(3)).queryByRole('button', { name: 'Batch update' })).toBeNull();
    expect((within(option(2)).getByRole('textbox', { name: 'Option title' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(option(2)).getByRole('img', { name: "This option can't be edited because it is already being updated with another batch update." })).toBeTruthy();
    cleanup();
    renderEditor(optionTypeEditors.Dropdown!, { type: 'Dropdown', dropdowns }, 'create');
    expect(screen.queryByRole('button', { name: 'Batch update' })).toBeNull();
  });
});
