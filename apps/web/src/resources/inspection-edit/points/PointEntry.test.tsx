import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../providers/queryClient';
import { theme } from '../../../theme';
import { radioPoint } from '../edit.fixtures.test-helpers';
import { toContentValue } from '../formValues';
import { LocalImagesProvider } from '../photos/localImages';
import { PointEntry } from './PointEntry';

afterEach(cleanup);

describe('PointEntry read-only (a finished audit)', () => {
  it('disables the options and the photo drop, and passes no change on', () => {
    const config = { ...radioPoint(), photoField: { present: true, required: false } } as ReturnType<typeof radioPoint>;
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <LocalImagesProvider>
            <PointEntry config={config} value={toContentValue(config, config.content)} onChange={onChange} readOnly />
          </LocalImagesProvider>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    for (const radio of screen.getAllByRole('radio')) {
      fireEvent.click(radio);
    }
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onChange).not.toHaveBeenCalled();
    const controls = [...screen.getAllByRole('radio'), ...screen.getAllByRole('checkbox'), ...screen.getAllByRole('textbox')];
    expect(controls.filter((c) => !(c as HTMLInputElement).disabled)).toEqual([]);
    const file = document.querySelector('input[type=file]') as HTMLInputElement | null;
    expect(file?.disabled ?? true).toBe(true);
  });
});
