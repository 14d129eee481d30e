import { CERTIFICATION_YEARS, type TCertifiedUser } from '@insp/contracts';

/**
 * Form logic of /certifications, kept apart from the views so the rules read (and are tested) on their own.
 * Dates are calendar days: the form edits 'yyyy-mm-dd', the API speaks epoch ms of that day's UTC midnight.
 */

export interface CertificationRow {
  /** A saved certification's id, or a temporary 'new-…' id while the row is only in the form. */
  id: string;
  productFamilyId: string;
  certificationDate: string;
  expirationDate: string;
}
export interface CertifiedUserForm {
  id?: string;
  email: string;
  employeeId: string;
  certifications: CertificationRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as the user's local calendar day. */
export const todayDay = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const msOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** spec 002 §5, §9: a certification lasts two years (29 February rolls to 1 March). */
export function yearsLater(day: string, years = CERTIFICATION_YEARS) {
  const d = new Date(msOfDay(day));
  return dayOfMs(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
}

let seq = 0;
export const isTemporaryId = (id: string) => id.startsWith('new-');

/** spec 002 §5: a new row runs from today to two years later; it has a temporary id until submitted. */
export function newCertificationRow(now = new Date()): CertificationRow {
  const today = todayDay(now);
  return { id: `new-${++seq}`, productFamilyId: '', certificationDate: today, expirationDate: yearsLater(today) };
}

/** spec 002 §2: a user is expired when the earliest expirationDate is before today. */
export function isExpired(user: Pick<TCertifiedUser, 'certifications'>, now = new Date()) {
  if (!user.certifications.length) return false;
  const earliest = Math.min(...user.certifications.map((c) => c.expirationDate));
  return dayOfMs(earliest) < todayDay(now);
}

export function formOf(user?: TCertifiedUser): CertifiedUserForm {
  if (!user) return { email: '', employeeId: '', certifications: [] };
  return {
    id: user.id,
    email: user.email,
    employeeId: user.employeeId,
    certifications: user.certifications.map((c) => ({
      id: c.id,
      productFamilyId: c.productFamilyId,
      certificationDate: dayOfMs(c.certificationDate),
      expirationDate: dayOfMs(c.expirationDate),
    })),
  };
}

/** spec 002 §4: temporary ids become empty ids on submit, so the server creates those rows. */
export function payloadOf(form: CertifiedUserForm) {
  return {
    email: form.email.trim(),
    employeeId: form.employeeId.trim(),
    certifications: form.certifications.map((c) => ({
      id: isTemporaryId(c.id) ? '' : c.id,
      productFamilyId: c.productFamilyId,
      certificationDate: msOfDay(c.certificationDate),
      expirationDate: msOfDay(c.expirationDate),
    })),
  };
}

/** spec 002 §5: e-mail and employeeId required; each row needs a family and an order of dates. */
export function formErrors(form: CertifiedUserForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!form.email.trim()) e.email = 'E-mail is required';
  else if (!/^[^\s@]+@[^\s@]+$/.test(form.email.trim())) e.email = 'Not an e-mail address';
  if (!form.employeeId.trim()) e.employeeId = 'Employee id is required';
  form.certifications.forEach((c, i) => {
    if (!c.productFamilyId) e[`certifications.${i}.productFamilyId`] = 'Product family is required';
    if (!c.certificationDate) e[`certifications.${i}.certificationDate`] = 'Required';
    if (!c.expirationDate) e[`certifications.${i}.expirationDate`] = 'Required';
    else if (c.expirationDate < c.certificationDate) e[`certifications.${i}.expirationDate`] = 'Before the certification date';
  });
  return e;
}

/** spec 002 §8: the lines shown when a call fails. */
export const userLabel = (u: { email: string; employeeId: string }) => `"${u.email}" (${u.employeeId})`;
export const errorLines = {
  create: (u: { email: string; employeeId: string }) => `Error creating user ${userLabel(u)}`,
  update: (u: { email: string; employeeId: string }) => `Error updating user ${userLabel(u)}`,
  delete: (u: { email: string; employeeId: string }) => `Error deleting user ${userLabel(u)}`,
};
/** spec 002 §2. */
export const deleteQuestion = (u: { email: string; employeeId: string }) => `Delete certified user ${u.email} (${u.employeeId})?`;
