import { describe, expect, it } from 'vitest';
import { errorLines, deleteQuestion, formErrors, isExpired, msOfDay, newCertificationRow, payloadOf, yearsLater } from './certifications';
import { expiredRowSx } from './CertifiedUserList';

const now = new Date(2026, 10, 22, 9, 30); // 22 Nov 2026, local time
const cert = (expires: string) => ({ id: 'c', productFamilyId: 'f', productFamilyName: 'Jaw', certifiedUserId: 'u', certificationDate: msOfDay('2024-01-01'), expirationDate: msOfDay(expires) });

describe('expired style rule', () => {
  it('calls a user expired when the earliest expirationDate is before today', () => {
    expect(isExpired({ certifications: [cert('2027-05-01'), cert('2026-11-21')] }, now)).toBe(true);
    expect(isExpired({ certifications: [cert('2026-11-22'), cert('2028-01-01')] }, now)).toBe(false);
    expect(isExpired({ certifications: [] }, now)).toBe(false);
  });

  it('styles expired rows distinctly and leaves the others alone', () => {
    const expired = { id: 'u', email: 'a@x', employeeId: 'E', certifications: [cert('2000-01-01')] };
    const valid = { ...expired, certifications: [cert('2999-01-01')] };
    expect(expiredRowSx(expired)).toMatchObject({ '& td': { color: 'error.dark' } });
    expect(expiredRowSx(valid)).toEqual({});
  });
});

describe('a new certification row', () => {
  it('runs from today to two years later, with a temporary id that is sent as an empty id', () => {
    const row = newCertificationRow(now);
    expect(row).toMatchObject({ productFamilyId: '', certificationDate: '2026-11-22', expirationDate: '2028-11-22' });
    expect(row.id).toMatch(/^new-/);
    const body = payloadOf({ email: ' a@x.example ', employeeId: 'E-1', certifications: [{ ...row, productFamilyId: 'f1' }, { ...row, id: 'saved-id' }] });
    expect(body.email).toBe('a@x.example');
    expect(body.certifications.map((c) => c.id)).toEqual(['', 'saved-id']);
    expect(body.certifications[0]).toMatchObject({ certificationDate: Date.UTC(2026, 10, 22), expirationDate: Date.UTC(2028, 10, 22) });
    expect(yearsLater('2024-02-29')).toBe('2026-03-01');
  });
});

describe('form rules and texts', () => {
  it('requires e-mail, employeeId and a family per row, and refuses reversed dates', () => {
    const errors = formErrors({ email: '', employeeId: ' ', certifications: [{ id: 'new-1', productFamilyId: '', certificationDate: '2026-01-02', expirationDate: '2026-01-01' }] });
    expect(Object.keys(errors).sort()).toEqual(['certifications.0.expirationDate', 'certifications.0.productFamilyId', 'email', 'employeeId']);
  });

  it('words the confirmation and error lines as the spec does', () => {
    const u = { email: 'a@x.example', employeeId: 'E-1' };
    expect(deleteQuestion(u)).toBe('Delete certified user a@x.example (E-1)?');
    expect(errorLines.create(u)).toBe('Error creating user "a@x.example" (E-1)');
    expect(errorLines.update(u)).toBe('Error updating user "a@x.example" (E-1)');
    expect(errorLines.delete(u)).toBe('Error deleting user "a@x.example" (E-1)');
  });
});
