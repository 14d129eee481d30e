import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { TInspectionEdit } from '@insp/contracts';
import { loadDatePicker } from '../../components/DatePicker';
import { queryClient } from '../../providers/queryClient';
import { EditForm } from './EditForm';
import { inspection } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { LocalImagesProvider } from './photos/localImages';
import { EDIT_TEXT } from './texts';

// the picker's chunk, as on any visit after the first (components/DatePicker.tsx): these tests type into its sections
beforeAll(() => loadDatePicker());
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Runs the block's tests with the browser (here the test process) in that time zone. */
function inZone(zone: string) {
  const before = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = zone;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

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
  inZone('UTC');
  it('shows the inspection date as day.month.year and the start as day.month.year hh:mm, the label naming the zone', () => {
    open();
    expect(shown('info.inspectionDate')).toBe('20.11.2026');
    expect(shown('info.started')).toBe('20.11.2026 09:00');
    expect(shown('info.ended')).toBe('');
    expect(field('Ended').textContent).toContain('DD.MM.YYYY hh:mm');
    expect(field('Ended \\(UTC\\)')).toBeTruthy();
  });

  it('takes 24.12.2026 typed as that day, keeping the time of day of the inspection, and 24.12.2026 14:05 in the zone', async () => {
    const { writes } = open();
    clear('Inspection date');
    expect(shown('info.inspectionDate')).toBe('');
    type('Inspection date', '24.12.2026');
    expect(shown('info.inspectionDate')).toBe('24.12.2026');
    type('Ended', '24.12.2026 14:05');
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
    clear('Started');
    type('Started', '24.12');
    leave();
    await screen.findByText(EDIT_TEXT.badDateTime);
    clear('Started');
    leave();
    await waitFor(() => expect(screen.queryByText(EDIT_TEXT.badDateTime)).toBeNull());
    expect((await saveBody(writes)).started).toBeNull();
  });
});

// 20 November 2026 12:00 UTC is the 21st, 01:00 in Auckland and the 20th, 04:00 in Los Angeles (issue 20)
const NOON = Date.UTC(2026, 10, 20, 12);

describe('dates of the info box in the browser’s time zone, east of UTC (issue 20)', () => {
  inZone('Pacific/Auckland');
  it('shows the day and time there, as the lists do, the labels naming the zone', () => {
    open(inspection({ inspectionDate: NOON, started: NOON }));
    expect(shown('info.inspectionDate')).toBe('21.11.2026');
    expect(shown('info.started')).toBe('21.11.2026 01:00');
    expect(field('Started \\(GMT\\+13\\)')).toBeTruthy();
  });

  it('sends unchanged dates back as the same instants', async () => {
    const data = inspection({ inspectionDate: NOON, started: NOON });
    const { writes } = open(data);
    expect(await saveBody(writes)).toMatchObject({ inspectionDate: NOON, started: NOON });
  });

  it('reads a date-time typed there in that zone', async () => {
    const { writes } = open(inspection({ inspectionDate: NOON }));
    clear('Ended');
    type('Ended', '21.11.2026 01:00');
    expect((await saveBody(writes)).ended).toBe(NOON);
  });
});

describe('dates of the info box in the browser’s time zone, west of UTC (issue 20)', () => {
  inZone('America/Los_Angeles');
  it('shows the day there and moves a changed day by whole days, keeping the time of day', async () => {
    const { writes } = open(inspection({ inspectionDate: NOON, started: null }));
    expect(shown('info.inspectionDate')).toBe('20.11.2026');
    clear('Inspection date');
    type('Inspection date', '22.11.2026');
    expect((await saveBody(writes)).inspectionDate).toBe(NOON + 2 * 86_400_000);
  });
});
