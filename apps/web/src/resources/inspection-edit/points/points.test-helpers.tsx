import { useState } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../providers/queryClient';
import type { TEditPoint, TPreviousValue } from '@insp/contracts';
import { theme } from '../../../theme';
import { toContentValue, type ContentValue } from '../formValues';
import { LocalImagesProvider } from '../photos/localImages';
import { PointBody } from './PointBody';
import { NotApplicable } from './NotApplicable';
import { CommentFields } from './CommentFields';
import { PreviousValuesProvider } from './previous';

/**
 * Renders a point's inputs as the card does (tick, kind, comments), holding the answer in state; `last()` is the latest
 * answer. `previous`: the report edit form's previous values (issue 23); absent, as in the audit editor, none.
 */
export function renderPoint(config: TEditPoint, previous?: TPreviousValue[]) {
  let latest: ContentValue = toContentValue(config, config.content);
  function Harness() {
    const [value, setValue] = useState(latest);
    const onChange = (next: ContentValue) => {
      latest = next;
      setValue(next);
    };
    const common = { config, value, onChange, label: config.name };
    return (
      <>
        <NotApplicable {...common} />
        <PointBody {...common} disabled={value.rating === 'NotApplicable'} />
        <CommentFields {...common} />
      </>
    );
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <LocalImagesProvider>
          {previous ? <PreviousValuesProvider values={previous}><Harness /></PreviousValuesProvider> : <Harness />}
        </LocalImagesProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, last: () => latest };
}
