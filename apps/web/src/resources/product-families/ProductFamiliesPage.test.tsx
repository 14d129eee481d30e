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
});
