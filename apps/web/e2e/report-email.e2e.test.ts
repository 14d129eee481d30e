import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, viewShot } from './support/editing.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Issue 20 on the built product with the demo seed: an admin gives a customer a report language, then on a tablet
 * (820 px, touch) picks the customer contact from the customer's contacts in the report edit form, and in the
 * confirm modal finds the customer's language preselected for the e-mailed report, chooses another, and the
 * product's mail folder (DATA_DIR/mail on the embedded default) receives the e-mail in the chosen language.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const ADMIN = 'admin@company.example';
const api = <T,>(page: Page, path: string) => apiAs<T>(product.url, page, path);

/** An In_Use inspection of a customer with at least one contact that has an e-mail address. */
async function openInspectionWithContacts(page: Page) {
  const list = await api<{ result: { id: string; status: string }[] }>(page, '/api/v1/inspections?amount=200');
  for (const row of list.result.filter((r) => r.status === 'In_Use')) {
    const edit = await api<TInspectionEdit>(page, `/api/v1/inspections/${row.id}/editDetails`);
    if (!edit.customerId) continue;
    const customer = await api<{ name: string; contacts: { name: string; email: string | null }[] }>(page, `/api/v1/customers/${edit.customerId}`);
    const contact = customer.contacts.find((c) => c.email);
    if (contact) return { id: row.id, name: edit.name, customerId: edit.customerId, customer: customer.name, contact: contact as { name: string; email: string } };
  }
  throw new Error('the demo seed has no In_Use inspection of a customer with a contact e-mail');
}

/** Waits for running transitions (a menu growing open) to end, so sizes are measured as shown. */
const settled = (page: Page) => page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));

const mailsTo = (to: string) => {
  try {
    const dir = join(product.dataDir, 'mail');
    return readdirSync(dir).filter((n) => n.endsWith('.eml')).map((n) => readFileSync(join(dir, n), 'utf8')).filter((eml) => eml.includes(`To: ${to}`));
  } catch {
    return [];
  }
};

describe("the customer's language and contacts for the e-mailed report (issue 20)", () => {
  it('preselects the customer language in the confirm modal, lets the person choose another, and offers the contacts in the info box', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, ADMIN);
    const target = await openInspectionWithContacts(page);

    // the customer's report language, set on its details page
    await page.goto(`${product.url}/Customers/${target.customerId}`);
    await page.getByTestId('customer-name').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit customer' });
    await edit.getByLabel('Report language').selectOption('de');
    await expectNoSeriousA11yViolations(page, 'edit customer with its report language');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('customer-language').textContent()).toBe('Report language: German');

    // the report edit form: the contact e-mail offers the customer's contacts, typed text still works
    await page.goto(`${product.url}/Reports/${target.id}/edit`);
    await page.getByRole('heading', { level: 1, name: `Edit inspection: ${target.name}` }).waitFor();
    const email = page.getByRole('combobox', { name: 'E-mail' });
    await page.getByText("Pick one of the customer's contacts or type an address").waitFor();
    await email.fill('');
    await email.pressSequentially(target.contact.name.slice(0, 3));
    const option = page.getByRole('option', { name: new RegExp(target.contact.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await option.waitFor();
    await settled(page);
    await viewShot(page, 'report-email-contact-picker');
    await expectTouchTargets({ 'contact option': page.getByRole('option'), 'contact e-mail field': email.locator('xpath=..') });
    await expectNoSeriousA11yViolations(page, 'report edit, contact picker open');
    await option.click();
    expect(await email.inputValue()).toBe(target.contact.email);
    expect(await page.getByRole('textbox', { name: 'Customer contact' }).inputValue()).toBe(target.contact.name);

    // the confirm modal: the customer's language preselected, another chosen
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save the inspection?' });
    await confirm.getByRole('checkbox', { name: 'Send the report to the customer by e-mail' }).check();
    const language = confirm.getByRole('combobox', { name: 'Language of the report and e-mail' });
    expect(await language.textContent()).toBe('German');
    expect(await confirm.getByTestId('customer-language').textContent()).toBe("The customer's language is German.");
    await viewShot(page, 'report-email-confirm-language');
    await expectTouchTargets({
      'send e-mail checkbox': confirm.getByRole('checkbox', { name: 'Send the report to the customer by e-mail' }),
      'language select': language,
      'save button': confirm.getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }),
      'cancel button': confirm.getByRole('button', { name: 'CANCEL' }),
    });
    await expectNoSeriousA11yViolations(page, 'report edit, confirm with the e-mail language');
    await language.click();
    const french = page.getByRole('option', { name: 'French' });
    await french.waitFor();
    await settled(page);
    await expectTouchTargets({ 'language option': page.getByRole('option') });
    await french.click();
    expect(await language.textContent()).toBe('French');
    await confirm.getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }).click();
    await page.waitForURL(new RegExp(`/Reports/${target.id}/details`));

    // the e-mail, written to the product's mail folder, in French
    await expect.poll(() => mailsTo(target.contact.email).length, { timeout: 60_000 }).toBe(1);
    expect(mailsTo(target.contact.email)[0]).toMatch(/^Subject: .*Rapport_d'inspection|^Subject: Rapport d'inspection/m);
  }, 180_000);
});
