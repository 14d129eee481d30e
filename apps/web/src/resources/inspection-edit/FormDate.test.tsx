import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { TInspectionEdit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { EditForm } from './EditForm';
import { inspection } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { LocalImagesProvider } from './photos/localImages';
import { EDIT_TEXT } from './texts';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Screen({ data }: { data: TInspectionEdit }) {
  const navigate = useNavigate();
  return (
    <LocalImagesProvider>
      <EditForm data={data} lang="en" onSaved={() => navigate(`/Reports/${data.id}/details`)} onBack={() => navigate(`/Reports/${data.id}/details`)} />
    </LocalImagesProvider>
  );
}
const open = (data = inspection(), writes = fakeWrites(data)) => ({ writes, data, ...renderWithWrites(`/Reports/${data.id}/edit`, '/Reports/:id/edit', <Screen data={data} />, writes) });

/** The field's sections (day, month, year, hours, minutes) as one group named by its label. */
const field = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}`) });
/** What the field shows, as its sections hold it (the hidden input beside them, named as the form's value). */
const shown = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value.replace(/[\u2066-\u2069\u200e]/g, '');

/** Types as a person does, a key at a time into the section that has focus (the field moves on by itself). */
function type(label: string, text: string) {
  act(() => within(field(label)).getAllByRole('spinbutton')[0]!.focus());
  for (const key of text.replace(/\D/g, '')) fireEvent.input(document.activeElement!, { target: { textContent: key } });
}
/** Empties every section, as Backspace in each does. */
function clear(label: string) {
  for (const section of within(field(label)).getAllByRole('spinbutton')) {
    act(() => section.focus());
    fireEvent.input(section, { target: { textContent: '' } });
  }
}
/** Moves on from the field, as tapping elsewhere does. */
const leave = () => act(() => (document.activeElement as HTMLElement).blur());

async function saveBody(writes: ReturnType<typeof fakeWrites>) {
  fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
  const dialog = await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
  fireEvent.click(within(dialog).getByRole('button', { name: EDIT_TEXT.saveButton }));
  await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
  return writes.saveInspection.mock.calls[0]![2];
}

describe('dates of the info box, day.month.year whatever the browser’s language (000 §9)', () => {
  it('shows the inspection date as day.month.year and the start as day.month.year hh:mm in UTC', () => {
    open();
    expect(shown('info.inspectionDate')).toBe('20.11.2026');
    expect(shown('info.started')).toBe('20.11.2026 09:00');
    expect(shown('info.ended')).toBe('');
    expect(field('Ended \\(UTC\\)').textContent).toContain('DD.MM.YYYY hh:mm');
  });

  it('takes 24.12.2026 typed as that day, keeping the time of day of the inspection, and 24.12.2026 14:05 as UTC', async () => {
    const { writes } = open();
    clear('Inspection date');
    expect(shown('info.inspectionDate')).toBe('');
    type('Inspection date', '24.12.2026');
    expect(shown('info.inspectionDate')).toBe('24.12.2026');
    type('Ended \\(UTC\\)', '24.12.2026 14:05');
    expect(shown('info.ended')).toBe('24.12.2026 14:05');
    const body = await saveBody(writes);
    expect(new Date(body.inspectionDate!).toISOString()).toBe('2026-12-24T08:00:00.000Z');
    expect(new Date(body.ended!).toISOString()).toBe('2026-12-24T14:05:00.000Z');
  });

  it('sends the dates back unchanged when nobody touched them', async () => {
    const { writes, data } = open();
    const body = await saveBody(writes);
    expect(body).toMatchObject({ inspectionDate: data.inspectionDate, started: data.started, ended: null });
  });

  it('says how to write a date that is not one (31.02.2026) and refuses to save it', async () => {
    const { writes } = open();
    clear('Inspection date');
    type('Inspection date', '31.02.2026');
    leave();
    await screen.findByText(EDIT_TEXT.badDate);
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    await screen.findByText(EDIT_TEXT.invalid);
    expect(screen.queryByRole('dialog', { name: EDIT_TEXT.confirmTitle })).toBeNull();
    expect(writes.saveInspection).not.toHaveBeenCalled();
  });

  it('says how to write a date-time left half typed, and an emptied one is sent as none', async () => {
    const { writes } = open();
    clear('Started \\(UTC\\)');
    type('Started \\(UTC\\)', '24.12');
    leave();
    await screen.findByText(EDIT_TEXT.badDateTime);
    clear('Started \\(UTC\\)');
    leave();
    await waitFor(() => expect(screen.queryByText(EDIT_TEXT.badDateTime)).toBeNull());
    expect((await saveBody(writes)).started).toBeNull();
  });
});
