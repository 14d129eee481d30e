import { ZExternalUserInput, type TExternalUserInput } from '@insp/contracts';

/** The company select's value for "a new company" (the name is typed next to it). */
export const NEW_COMPANY = '__new__';

export interface ExternalUserFormValues {
  name?: string;
  email?: string;
  company?: { id?: string | null; name?: string } | null;
  categories?: Array<{ productCategoryId: string }>;
  distributorAdmin?: boolean;
}

/**
 * Form values → API input. Staff pick an existing company (its id) or a new one (its name);
 * a distributor admin's users stay in their own company, so no company is sent (002 §2 Distributors).
 */
export function toExternalUserInput(values: ExternalUserFormValues, staff: boolean): TExternalUserInput {
  const company = values.company;
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    company: !staff || !company?.id ? undefined : company.id === NEW_COMPANY ? { name: company.name ?? '' } : { id: company.id },
    categories: values.categories ?? [],
    distributorAdmin: values.distributorAdmin ?? false,
  };
}

/**
 * 002 §5 with the same schema the API uses, so the form and the server say the same thing:
 * field path → message (react-admin form-level validation).
 */
export function externalUserFormErrors(values: ExternalUserFormValues, staff: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = ZExternalUserInput.safeParse(toExternalUserInput(values, staff));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  if (staff && !values.company?.id) errors['company.id'] ??= 'choose a company or a new company';
  return errors;
}

/** react-admin wants nested errors ({ company: { name: '…' } }) for nested sources. */
export function nested(errors: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = out;
    parts.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
    node[parts.at(-1)!] = message;
  }
  return out;
}
