import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { dataProvider, registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { ProductFamiliesPage } from './ProductFamiliesPage';

registerResourceRouter('ProductFamilies', 'productFamilies');
const cat = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Crushers' };
const fam = (n: number, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`, name, familyName: name, longFamilyName: '', productCategoryId: cat.id, productCategoryName: 'Crushers', division: null,
});
const families = [fam(2, 'Jaw JC'), fam(1, 'Cone HC')];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'productFamilies.list': () => ({ data: { result: families, count: families.length } }),
    'productFamilies.categories': () => ({ data: [cat] }),
    'productFamilies.models': (input) => ({
      data: (input as { familyId: string }).familyId === families[0]!.id ? [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'JC200', productFamilyId: families[0]!.id }] : [],
    }),
    'productFamilies.all': () => ({ data: [] }),
    'productFamilies.create': (input) => ({ data: { ...fam(3, (input as { familyName: string }).familyName) } }),
    'productFamilies.rename': (input) => {
      const { id, familyName, longFamilyName } = input as { id: string; familyName: string; longFamilyName: string };
      if (familyName.toLowerCase() === 'cone hc') return { error: { httpStatus: 409, code: 'CONFLICT', message: "familyName: a product family named 'Cone HC' exists", field: 'familyName' } };
      return { data: { ...families.find((f) => f.id === id)!, name: familyName, familyName, longFamilyName } };
    },
    'productFamilies.delete': (input) =>
      (input as { id: string }).id === families[0]!.id
        ? { error: { httpStatus: 409, code: 'CONFLICT', message: "Product family 'Jaw JC' is in use and cannot be deleted: product models (1), equipment (3)" } }
        : { data: input },
    'productFamilies.renameModel': (input) => ({ data: { id: (input as { modelId: string }).modelId, name: (input as { name: string }).name, productFamilyId: families[0]!.id } }),
    'productFamilies.deleteModel': () => ({ error: { httpStatus: 409, code: 'CONFLICT', message: "Product model 'JC200' is in use and cannot be deleted: reports (2)" } }),
    'productFamilies.createModel': (input) => ({ data: { id: '00000000-0000-4000-8000-0000000000b1', name: (input as { name: string }).name, productFamilyId: families[0]!.id } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/ProductFamilies']}>
      <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
        <ResourceContextProvider value="ProductFamilies">
          <ProductFamiliesPage />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('/ProductFamilies', () => {
  it('lists families (name, category) by name descending and shows the models of the selected one', async () => {
    renderPage();
    await screen.findByText('Jaw JC');
    expect(api.calls.find((c) => c.path === 'productFamilies.list')?.input).toMatchObject({ offset: 0, amount: 50, orderKey: 'name', orderDirection: 'desc' });
    expect(screen.getAllByText('Crushers').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Jaw JC'));
    await screen.findByText('Models of Jaw JC');
    expect(await within(await screen.findByRole('list', { name: 'Product models' })).findByText('JC200')).toBeTruthy();
    fireEvent.click(screen.getByText('Cone HC'));
    await screen.findByText('No models defined for the family');
  });

  it('enables Add family only with a name and a category, and sends them', async () => {
    renderPage();
    await screen.findByText('Jaw JC');
    const form = screen.getByRole('form', { name: 'Add family' });
    const add = within(form).getByRole('button', { name: 'Add family' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Impact IC' } });
    expect(add.disabled).toBe(true);
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Crushers' }));
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(api.calls.some((c) => c.path === 'productFamilies.create')).toBe(true));
    expect(api.calls.find((c) => c.path === 'productFamilies.create')?.input).toEqual({ familyName: 'Impact IC', longFamilyName: '', productCategoryId: cat.id });
    await screen.findByText('Models of Impact IC');
  });

  it('enables Add model only with a name, and adds it to the selected family', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Jaw JC'));
    const form = await screen.findByRole('form', { name: 'Add model' });
    const add = within(form).getByRole('button', { name: 'Add model' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Model name' }), { target: { value: '  ' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Model name' }), { target: { value: 'JC300' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(api.calls.find((c) => c.path === 'productFamilies.createModel')?.input).toEqual({ familyId: families[0]!.id, name: 'JC300' }));
  });

  it('renames a family in a dialog prefilled with its names; a name in use shows the server’s reason at the field', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Jaw JC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename product family Jaw JC' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Jaw JC');
    fireEvent.change(name, { target: { value: 'Cone HC' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText("a product family named 'Cone HC' exists")).toBeTruthy();
    fireEvent.change(name, { target: { value: '' } });
    expect((within(dialog).getByRole('button', { name: 'SAVE' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Jaw JX' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.path === 'productFamilies.rename').at(-1)?.input).toEqual({ id: families[0]!.id, familyName: 'Jaw JX', longFamilyName: '' });
    // the row click did not fire: no family was selected by pressing its button
    expect(screen.queryByTestId('models-title')).toBeNull();
  });

  it('deletes a family only after asking, and shows the server’s reason when it is in use', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cone HC' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete product family Cone HC?' });
    expect(within(dialog).getByText('Do you really want to delete the product family Cone HC? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.path === 'productFamilies.delete')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cone HC' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === 'productFamilies.delete')?.input).toEqual({ id: families[1]!.id });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Jaw JC' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete product family Jaw JC?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("Product family 'Jaw JC' is in use and cannot be deleted: product models (1), equipment (3)");
    expect(within(dialog).queryByRole('button', { name: 'DELETE' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renames and deletes a model of the selected family, showing a refusal’s reason', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Jaw JC'));
    const models = await screen.findByRole('list', { name: 'Product models' });
    fireEvent.click(within(models).getByRole('button', { name: 'Rename JC200' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename product model JC200' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Model name' }), { target: { value: 'JC210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'productFamilies.renameModel')?.input).toEqual({ familyId: families[0]!.id, modelId: '00000000-0000-4000-8000-0000000000a1', name: 'JC210' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // found when the page is no longer hidden behind the closing dialog (MUI lifts aria-hidden after its exit transition)
    fireEvent.click(await within(models).findByRole('button', { name: 'Delete JC200' }));
    const del = await screen.findByRole('dialog', { name: 'Delete product model JC200?' });
    fireEvent.click(within(del).getByRole('button', { name: 'DELETE' }));
    expect((await within(del).findByRole('alert')).textContent).toBe("Product model 'JC200' is in use and cannot be deleted: reports (2)");
  });
});
