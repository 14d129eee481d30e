import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { DatePicker, DatePickerStandIn, loadDatePicker } from './DatePicker';

afterEach(cleanup);

describe('a date field whose picker is not part of the first load (issue 23)', () => {
  it('shows its label, its value as the picker writes it and its required mark, read-only, while the picker downloads', () => {
    render(
      <DatePickerStandIn kind="dateTime" label="Started (UTC)" value={dayjs('2026-11-20T09:05')} format="DD.MM.YYYY HH:mm"
        slotProps={{ textField: { required: true, helperText: 'Write it as DD.MM.YYYY hh:mm' } }} />,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /^Started \(UTC\)/ });
    expect(input.value).toBe('20.11.2026 09:05');
    expect(input.readOnly).toBe(true);
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Write it as DD.MM.YYYY hh:mm')).toBeTruthy();
    // not the picker: the browser tests wait for the picker's sections, which the stand-in does not have
    expect(screen.queryByRole('group', { name: /^Started/ })).toBeNull();
  });

  it('shows an empty field for no date or one that is not a date', () => {
    render(<DatePickerStandIn kind="date" label="Inspection date" value={dayjs(NaN)} format="DD.MM.YYYY" />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Inspection date' }).value).toBe('');
  });

  it('becomes the picker, with its day, month and year sections, once the chunk has arrived', async () => {
    render(<DatePicker kind="date" label="Inspection date" value={dayjs('2026-11-20')} format="DD.MM.YYYY" />);
    await loadDatePicker();
    const field = await screen.findByRole('group', { name: /^Inspection date/ });
    expect(field.querySelectorAll('[role="spinbutton"]').length).toBe(3);
    expect(screen.queryByRole('textbox', { name: 'Inspection date' })).toBeNull();
  });
});
