import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { Level, type TSession } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';
import { saveFailedText } from './tags';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let saved: Record<string, string[]>;
let refuse: { httpStatus: number; code: string; message: string } | null;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  saved = { [uuid(11)]: ['wear'], [uuid(12)]: [] };
  refuse = null;
  api = fakeApi({
    'pointAuthoring.tagPoints': () => ({ data: { result: [{ id: uuid(1), name: 'Jaw check', type: 'MultipleChoicesAndRangeValues' }], count: 1 } }),
    'pointAuthoring.tagTargets': () => ({
      data: { id: uuid(1), name: 'Jaw check', multipleChoices: [{ id: uuid(11), title: 'Damage', tags: saved[uuid(11)] }], rangeValues: [{ id: uuid(12), title: 'Depth', tags: saved[uuid(12)] }] },
    }),
    'pointAuthoring.updateTags': (input) => {
      if (refuse) return { error: refuse };
      const { id, tags } = input as { id: string; tags: string[] };
      saved[id] = tags;
      return { data: input };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const developerAdmin: TSession = { ...staffSession(Level.Admin), flags: ['Developer'] };
function renderTags(session: TSession) {
  return renderRouteScreen('/tags', session);
}
async function openPoint() {
  renderTags(developerAdmin);
  fireEvent.click(await screen.findByText('Jaw check'));
  return screen.findByRole('combobox', { name: 'Tags of Damage' });
}
const addTag = (input: HTMLElement, tag: string) => {
  fireEvent.change(input, { target: { value: tag } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const saveButton = () => screen.queryByRole('button', { name: 'Save' });

describe('/tags', { timeout: 20_000 }, () => {
  it('shows Save only while the tags differ from the saved ones', async () => {
    const damage = await openPoint();
    expect(within(screen.getByRole('region', { name: 'Multiple choices' })).getByText('wear')).toBeTruthy();
    expect(saveButton()).toBeNull();
    addTag(damage, 'crack');
    expect(saveButton()).not.toBeNull();
    // the same tag in another case or with spaces is no change once cleaned
    const chip = screen.getByRole('button', { name: 'crack' });
    fireEvent.keyDown(chip, { key: 'Backspace' });
    await waitFor(() => expect(saveButton()).toBeNull());
    addTag(damage, ' WEAR ');
    expect(saveButton()).toBeNull();
  });

  it('saves each changed field by its type and id, then hides Save', async () => {
    await openPoint();
    addTag(screen.getByRole('combobox', { name: 'Tags of Depth' }), 'mm');
    fireEvent.click(saveButton()!);
    await screen.findByText('Tags saved');
    expect(api.calls.filter((c) => c.path === 'pointAuthoring.updateTags').map((c) => c.input)).toEqual([{ type: 1, id: uuid(12), tags: ['mm'] }]);
    expect(saveButton()).toBeNull();
  });

  it("says 'Failed to save tag {statusText}' when the save is refused", async () => {
    const damage = await openPoint();
    refuse = { httpStatus: 403, code: 'FORBIDDEN', message: 'Not allowed' };
    addTag(damage, 'crack');
    fireEvent.click(saveButton()!);
    expect(await screen.findByText('Failed to save tag Forbidden')).toBeTruthy();
    // the edit is kept to try again
    await waitFor(() => expect(saveButton()).not.toBeNull());
  });

  it('refuses a staff Admin without the Developer flag with the permissions message', () => {
    renderTags(staffSession(Level.Admin));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('pointAuthoring.'))).toBe(false);
  });

  it('failure text: the status text, with the refused value for a 400, or the message without an answer', () => {
    expect(saveFailedText(new Error('Failed to fetch'))).toBe('Failed to save tag Failed to fetch');
    const refused = new TRPCClientError('tags.0: at most 100 characters', { result: { error: { data: { httpStatus: 400, field: 'tags.0' } } } as never });
    Object.assign(refused, { data: { httpStatus: 400, field: 'tags.0' } });
    expect(saveFailedText(refused)).toBe('Failed to save tag Bad Request (at most 100 characters)');
  });
});
