import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { TInspectionEdit, TInspectionEmailChoices } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { trpc } from '../../providers/trpc';
import { fakeApi } from '../../test/render';
import { EditForm } from './EditForm';
import { inspection, uuid } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { LocalImagesProvider } from './photos/localImages';
import { EDIT_TEXT } from './texts';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const contacts: TInspectionEmailChoices['contacts'] = [
  { id: uuid(701), name: 'Greta Kunde', email: 'greta@steinbruch.example', phoneNumber: '+49 30 1' },
  { id: uuid(702), name: 'Hans Einkauf', email: 'hans@steinbruch.example', phoneNumber: null },
  { id: uuid(703), name: 'No Address', email: null, phoneNumber: '+49 30 2' },
];

function Screen({ data }: { data: TInspectionEdit }) {
  const navigate = useNavigate();
  return (
    <LocalImagesProvider>
      <EditForm data={data} lang="fi" onSaved={() => navigate(`/Reports/${data.id}/details`)} onBack={() => navigate(`/Reports/${data.id}/details`)} />
    </LocalImagesProvider>
  );
}
function open(data: TInspectionEdit, choices: TInspectionEmailChoices) {
  const api = fakeApi({ 'inspectionEdit.emailChoices': () => ({ data: choices }) });
  vi.stubGlobal('fetch', api.fetch);
  const writes = fakeWrites(data);
  renderWithWrites(`/Reports/${data.id}/edit`, '/Reports/:id/edit', <Screen data={data} />, writes);
  return { writes, api };
}
const dialog = () => screen.getByRole('dialog', { name: EDIT_TEXT.confirmTitle });
const emailInput = () => screen.getByRole('combobox', { name: EDIT_TEXT.contactEmail }) as HTMLInputElement;
const text = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe("the customer's contacts and language for the e-mailed report (issue 20)", () => {
  it("offers the customer's contacts with an address; picking one fills the contact's name, phone and e-mail", async () => {
    open(inspection({ contactName: null, contactPhoneNumber: null, contactEmail: null }), { language: 'de', contacts });
    await screen.findByText(EDIT_TEXT.contactEmailHelp);
    fireEvent.change(emailInput(), { target: { value: 'stein' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Greta Kundegreta@steinbruch.example', 'Hans Einkaufhans@steinbruch.example']);
    fireEvent.click(within(listbox).getByRole('option', { name: /Greta Kunde/ }));
    expect(emailInput().value).toBe('greta@steinbruch.example');
    expect(text('Customer contact')).toBe('Greta Kunde');
    expect(text('Phone')).toBe('+49 30 1');
  });

  it('still takes an address typed by hand, and sends it', async () => {
    const { writes } = open(inspection({ contactEmail: null }), { language: null, contacts });
    await screen.findByText(EDIT_TEXT.contactEmailHelp);
    fireEvent.change(emailInput(), { target: { value: 'someone@else.example' } });
    fireEvent.blur(emailInput());
    expect(emailInput().value).toBe('someone@else.example');
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(within(dialog()).getByRole('button', { name: EDIT_TEXT.saveButton }));
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]![2]).toMatchObject({ contactEmail: 'someone@else.example', sendEmail: false });
    expect(writes.saveInspection.mock.calls[0]![2]).not.toHaveProperty('emailLanguage');
  });

  it("preselects the customer's language once the e-mail is ticked, lets the person choose another and sends it with the save", async () => {
    const { writes } = open(inspection(), { language: 'de', contacts });
    await screen.findByText(EDIT_TEXT.contactEmailHelp);
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    expect(within(dialog()).queryByRole('combobox', { name: EDIT_TEXT.emailLanguage })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: EDIT_TEXT.sendEmail }));
    const language = within(dialog()).getByRole('combobox', { name: EDIT_TEXT.emailLanguage });
    expect(language.textContent).toBe('German');
    expect(within(dialog()).getByTestId('customer-language').textContent).toBe(EDIT_TEXT.customerLanguage('German'));
    fireEvent.mouseDown(language);
    fireEvent.click(await screen.findByRole('option', { name: 'French' }));
    expect(language.textContent).toBe('French');
    fireEvent.click(within(dialog()).getByRole('button', { name: EDIT_TEXT.saveButton }));
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]!.slice(1)).toMatchObject(['fi', { sendEmail: true, emailLanguage: 'fr', contactEmail: 'tom@customer.example' }]);
  });

  it("preselects the page's language when the customer has none", async () => {
    const { writes } = open(inspection(), { language: null, contacts: [] });
    await waitFor(() => expect(queryClient.getQueryState(trpc.inspectionEdit.emailChoices.queryKey({ id: inspection().id }))?.status).toBe('success'));
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: EDIT_TEXT.sendEmail }));
    expect(within(dialog()).getByRole('combobox', { name: EDIT_TEXT.emailLanguage }).textContent).toBe('Finnish');
    expect(within(dialog()).getByTestId('customer-language').textContent).toBe(EDIT_TEXT.noCustomerLanguage);
    fireEvent.click(within(dialog()).getByRole('button', { name: EDIT_TEXT.saveButton }));
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalledTimes(1));
    expect(writes.saveInspection.mock.calls[0]![2]).toMatchObject({ sendEmail: true, emailLanguage: 'fi' });
  });
});
