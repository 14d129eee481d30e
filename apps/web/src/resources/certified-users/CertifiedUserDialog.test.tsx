import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { fakeApi } from '../../test/render';
import { CertifiedUserDialog } from './CertifiedUserDialog';
import { DeleteCertifiedUserButton } from './DeleteCertifiedUserButton';
import { todayDay, yearsLater } from './certifications';

const user = { id: 'u1', email: 'anna@site.example', employeeId: 'E-7', certifications: [] };

function renderWith(dataProvider: Partial<DataProvider>, ui: ReactNode) {
  return render(
    <AdminContext dataProvider={dataProvider as DataProvider}>
      {ui}
      <Notification />
    </AdminContext>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({ 'certifiedUsers.families': () => ({ data: [{ id: 'f1', name: 'Jaw' }] }) }).fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('certified user dialog', () => {
  it('opens in add mode without an id, and a new row defaults to today and two years later', async () => {
    renderWith({}, <CertifiedUserDialog onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Add certified user' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add certification' }));
    const today = todayDay();
    expect((screen.getByLabelText('Certification date') as HTMLInputElement).value).toBe(today);
    expect((screen.getByLabelText('Expiration date') as HTMLInputElement).value).toBe(yearsLater(today));
    fireEvent.click(screen.getByRole('button', { name: 'Remove certification' }));
    expect(screen.queryAllByTestId('certification-row')).toHaveLength(0);
  });

  it('opens in edit mode for a row with an id and shows the spec error line when saving fails', async () => {
    const update = vi.fn().mockRejectedValue(new Error('Error: 500'));
    renderWith({ update }, <CertifiedUserDialog user={user} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Edit certified user' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating user "anna@site.example" (E-7)')).toBeTruthy();
    expect(update).toHaveBeenCalledWith('certifications', expect.objectContaining({ id: 'u1', data: { email: 'anna@site.example', employeeId: 'E-7', certifications: [] } }));
  });

  it('does not call the server while e-mail or employeeId is empty', async () => {
    const create = vi.fn();
    renderWith({ create }, <CertifiedUserDialog onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('E-mail is required')).toBeTruthy();
    expect(screen.getByText('Employee id is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('delete certified user', () => {
  it('asks the spec question, and shows the error line when the delete fails', async () => {
    const del = vi.fn().mockRejectedValue(new Error('Error: 500'));
    renderWith({ delete: del }, <DeleteCertifiedUserButton user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete anna@site.example' }));
    expect(await screen.findByText('Delete certified user anna@site.example (E-7)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('certifications', expect.objectContaining({ id: 'u1' })));
    expect(await screen.findByText('Error deleting user "anna@site.example" (E-7)')).toBeTruthy();
  });
});
