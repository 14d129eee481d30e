import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInspectionPoint } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt, renderInDataRouter } from '../../test/render';
import { DocumentsField, type PendingUpload } from './DocumentsField';
import { GeneralFieldsEditor } from './GeneralFieldsEditor';
import { InspectionPointsPage } from './InspectionPointsPage';
import { defaultForm, type PointForm } from './rules';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CAT = uuid(1);
const doc = (n: number, linked = true) => ({ id: uuid(500 + n), name: `Doc ${n}.pdf`, fileType: 'pdf', fileSize: 2048 + n, linked });

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'pointAuthoring.documentTree': () => ({
      data: {
        categories: [
          { id: uuid(600), name: 'Manuals', documents: [doc(1), doc(2, false)], subCategories: [{ id: uuid(601), name: 'Jaw manuals', documents: [doc(3)] }] },
          { id: uuid(602), name: 'Drawings', documents: [doc(10), doc(11), doc(12), doc(13), doc(14), doc(15)], subCategories: [] },
        ],
        uncategorized: [doc(20)],
      },
    }),
    'inspectionPoints.list': () => ({ data: { result: [], count: 0 } }),
    'inspectionPoints.updateGeneralFields': (input) => ({ data: input }),
    'inspectionPoints.create': () => ({ error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'inputValidationRegexp: is not a valid regular expression', field: 'inputValidationRegexp' } }),
    'productFamilies.categories': () => ({ data: [{ id: CAT, name: 'Crushers' }] }),
    'productFamilies.all': () => ({ data: [] }),
    'pointAuthoring.units': () => ({ data: [] }),
    'pointAuthoring.useCases': () => ({ data: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const attached = { id: uuid(700), name: 'Attached.pdf', fileType: 'pdf', fileSize: 1024, documentCategoryId: null };
function Docs() {
  const [form, setForm] = useState<PointForm>(defaultForm('Comment'));
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  return (
    <>
      <DocumentsField value={form} onChange={(p) => setForm((f) => ({ ...f, ...p }))} point={{ documents: [attached] } as unknown as TInspectionPoint} uploads={uploads} setUploads={setUploads} />
      <output data-testid="ids">{JSON.stringify({ added: form.addedDocumentIds, removed: form.removedDocumentIds })}</output>
    </>
  );
}
const ids = () => JSON.parse(screen.getByTestId('ids').textContent!) as { added: string[]; removed: string[] };

describe('point editor parts', { timeout: 60_000 }, () => {
  it('document picker: a tree with uncategorized, big categories collapsed, unlinked documents warned; add and remove undo each other', async () => {
    renderAt('/', [{ path: '/', element: <Docs /> }]);
    expect(screen.getByText('Attached.pdf (1.00 KB)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach documents' });
    await within(dialog).findByText('Manuals (2)');
    expect(within(dialog).getByText('Jaw manuals (1)')).toBeTruthy();
    expect(within(dialog).getByText('uncategorized (1)')).toBeTruthy();
    // more than 5 documents: collapsed until opened
    expect(within(dialog).queryByText(/^Doc 10\.pdf/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Expand Drawings' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expand Drawings' }));
    expect(await within(dialog).findByText(/^Doc 10\.pdf/)).toBeTruthy();
    expect(within(dialog).getAllByLabelText('Not linked to a product')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Doc 1\.pdf/ }));
    expect(ids()).toEqual({ added: [uuid(501)], removed: [] });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Doc 1\.pdf/ }));
    expect(ids()).toEqual({ added: [], removed: [] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Attached.pdf' }));
    expect(ids()).toEqual({ added: [], removed: [uuid(700)] });
    expect(screen.getByText(/\(removed on save\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep Attached.pdf' }));
    expect(ids()).toEqual({ added: [], removed: [] });
  });

  it('general fields editor saves only the general fields of the point', async () => {
    const point = { ...defaultForm('Comment'), id: uuid(101), name: 'Belt', productCategoryId: CAT, inputValidationRegexp: null, metas: [], measurementLimits: [], fields: [], rows: [], visualizationDatasets: [], rangeValues: [], multipleChoices: [], dropdowns: [], optionGroup: null, updated: 'x' } as unknown as TInspectionPoint;
    renderAt('/', [{ path: '/', element: <GeneralFieldsEditor point={point} /> }]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Voice comment: Present' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Name overridable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save general fields' }));
    await screen.findByText('General fields saved.');
    const sent = api.calls.find((c) => c.path === 'inspectionPoints.updateGeneralFields')!.input as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['commentField', 'contentRequired', 'id', 'inputValidationRegexp', 'internalCommentField', 'keyboardType', 'nameOverridable', 'photoField', 'ratingField', 'validationConsequence', 'voiceCommentField']);
    expect(sent).toMatchObject({ id: uuid(101), voiceCommentField: { present: false }, nameOverridable: true });
  });

  it("shows the server's refusal naming the field, and keeps the form", async () => {
    renderInDataRouter('/InspectionPoints', [{ path: '/InspectionPoints', element: <InspectionPointsPage /> }]);
    fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simple comment' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Oil' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Product category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Crushers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('inputValidationRegexp: is not a valid regular expression', {}, { timeout: 5000 });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Oil');
  });
});
