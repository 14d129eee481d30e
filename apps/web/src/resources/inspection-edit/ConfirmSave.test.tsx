import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { TInspectionEdit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { EditForm } from './EditForm';
import { inspection, INSPECTION_ID, measurementPoint, radioPoint, tablePoint, uuid } from './edit.fixtures.test-helpers';
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
const open = (data: TInspectionEdit, writes = fakeWrites(data)) => ({
  writes,
  ...renderWithWrites(`/Reports/${data.id}/edit`, '/Reports/:id/edit', <Screen data={data} />, writes),
});
const dialog = () => screen.getByRole('dialog', { name: EDIT_TEXT.confirmTitle });
const saveButton = () => within(dialog()).getByRole('button', { name: EDIT_TEXT.saveButton }) as HTMLButtonElement;
const clickSave = () => fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));

describe('confirm-saving modal (000 §5)', () => {
  it('says there are no signatures and lets SAVE go at once when the inspection has none', async () => {
    const { writes } = open(inspection());
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    expect(within(dialog()).getByTestId('no-signatures').textContent).toBe(EDIT_TEXT.noSignatures);
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]).toMatchObject([INSPECTION_ID, 'en', { finished: true, sendEmail: false, customerSignature: null, providerSignature: null }]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Reports/${INSPECTION_ID}/details`));
  });

  it('lists the points still missing a required rating and saves a draft instead of finishing (issue 20)', async () => {
    const required = { present: true, required: true };
    const data = inspection({
      categories: [{ id: uuid(10), title: 'Crusher', index: 0, inspectionPoints: [
        radioPoint({ ratingField: required }), measurementPoint({ ratingField: required }), tablePoint({ ratingField: required, optional: true }),
      ] }],
    });
    const { writes } = open(data);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Rating: Jaw dies wear' })).getByRole('radio', { name: 'Ok' }));
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    // the radio point is rated and the table is optional: only the measurement is listed
    const missing = within(dialog()).getByTestId('missing-ratings');
    expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Crusher setting (CSS)']);
    expect(missing.textContent).toContain(EDIT_TEXT.missingRatings(1));
    expect(within(dialog()).queryByRole('button', { name: EDIT_TEXT.saveButton })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: EDIT_TEXT.saveDraftButton }));
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]![2]).toMatchObject({ finished: false });
  });

  it('keeps SAVE disabled until the person says whether to reuse the old signatures, and drops them when told not to', async () => {
    const data = inspection({ customerSignature: uuid(901), providerSignature: null });
    const { writes } = open(data);
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    expect(within(dialog()).getByRole('radiogroup', { name: EDIT_TEXT.reuseQuestion })).toBeTruthy();
    expect(within(dialog()).queryByTestId('no-signatures')).toBeNull();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(within(dialog()).getByRole('radio', { name: EDIT_TEXT.reuseNo }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]![2]).toMatchObject({ customerSignature: null, providerSignature: null });
  });

  it('reuses the old signatures when told to, and sends the e-mail only when that separate option is ticked', async () => {
    const data = inspection({ customerSignature: uuid(901), providerSignature: uuid(902) });
    const { writes } = open(data);
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(within(dialog()).getByRole('radio', { name: EDIT_TEXT.reuseYes }));
    const email = within(dialog()).getByRole('checkbox', { name: EDIT_TEXT.sendEmail }) as HTMLInputElement;
    expect(email.checked).toBe(false);
    expect(within(dialog()).getByText(EDIT_TEXT.sendEmailTo('tom@customer.example'))).toBeTruthy();
    fireEvent.click(email);
    fireEvent.click(saveButton());
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]![2]).toMatchObject({ customerSignature: uuid(901), providerSignature: uuid(902), sendEmail: true });
  });

  it('offers no e-mail without a customer contact e-mail address', async () => {
    open(inspection({ contactEmail: null }));
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    expect((within(dialog()).getByRole('checkbox', { name: EDIT_TEXT.sendEmail }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog()).getByText(EDIT_TEXT.noContactEmail)).toBeTruthy();
  });

  it('shows the "Sending..." modal with "This may take a while." while saving, and the server’s refusal after it', async () => {
    let fail!: (e: Error) => void;
    const data = inspection();
    const writes = fakeWrites(data, { saveInspection: vi.fn(() => new Promise<TInspectionEdit>((_, reject) => (fail = reject))) });
    open(data, writes);
    clickSave();
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(saveButton());
    const sending = await screen.findByRole('dialog', { name: EDIT_TEXT.sending });
    expect(within(sending).getByText(EDIT_TEXT.mayTakeAWhile)).toBeTruthy();
    fail(new Error('status: only an Admin may change a Finished inspection'));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['status: only an Admin may change a Finished inspection']);
    expect(screen.getByTestId('location').textContent).toBe(`/Reports/${INSPECTION_ID}/edit`);
  });

  it('refuses to open the modal while a typed value breaks the numeric rule', async () => {
    const { writes } = open(inspection());
    fireEvent.change(screen.getByRole('textbox', { name: 'CSS' }), { target: { value: '12 mm' } });
    clickSave();
    expect(await screen.findByText(EDIT_TEXT.invalid)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: EDIT_TEXT.confirmTitle })).toBeNull();
    expect(writes.saveInspection).not.toHaveBeenCalled();
  });
});
