import { useState } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import type { TInspectionPointWrite } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { theme } from '../../../theme';
import type { TypeEditorModule } from '../typeEditor';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Renders one type editor as the common form would: it holds the write value, merges the editor's patches and
 * lets the test read the current value and the module's isValid.
 */
export function renderEditor(mod: TypeEditorModule, start: Partial<TInspectionPointWrite>, mode: 'create' | 'edit' = 'create') {
  const state: { value: TInspectionPointWrite; busy: boolean } = {
    busy: false,
    value: { type: 'Comment', name: 'Point', productCategoryId: uuid(999), ...mod.initial?.(), ...start } as TInspectionPointWrite,
  };
  function Form() {
    const [value, setValue] = useState(state.value);
    state.value = value;
    return <mod.Editor value={value} mode={mode} pointId={mode === 'edit' ? uuid(1) : undefined} onChange={(patch) => setValue((v) => ({ ...v, ...patch }))} onBusy={(b) => (state.busy = b)} />;
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <Form />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, current: () => state.value, busy: () => state.busy, valid: () => mod.isValid?.(state.value) ?? true };
}

export const family = {
  id: uuid(500),
  name: 'LT106',
  familyName: 'LT106',
  longFamilyName: '',
  productCategoryId: uuid(501),
  productCategoryName: 'Crushers',
  division: null,
  productModels: [{ id: uuid(502), name: 'LT106 Mk2', productFamilyId: uuid(500) }],
};

/** A stand-in XMLHttpRequest whose uploads the test finishes by hand (progress, then an answer). */
export function manualXhr() {
  const pending: FakeXhr[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    url = '';
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader(_name: string, _value: string) {}
    send() {
      pending.push(this);
    }
    abort() {
      this.onabort?.();
    }
    progress(part: number) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: part, total: 100 });
    }
    answer(status: number, body: object) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  return { FakeXhr, pending };
}
