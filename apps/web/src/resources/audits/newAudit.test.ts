import { describe, expect, it } from 'vitest';
import { newAuditInput, newAuditProblems, type NewAuditForm } from './newAudit';
import { AUDIT_TEXT } from './texts';

const me = { name: 'Ann Auditor', email: 'ann@company.example' };
const form = (over: Partial<NewAuditForm> = {}): NewAuditForm => ({
  customer: { id: 'c1', name: 'Quarry Ltd' }, siteId: 's1', day: '2026-12-24', inspector: me.name, inspectorContact: me.email, ...over,
});

describe('the new-audit form', () => {
  it('needs a customer, a site when the customer has sites, a real date and an inspector', () => {
    expect(newAuditProblems(form(), 1, AUDIT_TEXT)).toEqual({});
    expect(newAuditProblems(form({ customer: null, siteId: null }), null, AUDIT_TEXT)).toEqual({ customer: 'Choose the customer' });
    expect(newAuditProblems(form({ siteId: null }), 2, AUDIT_TEXT)).toEqual({ site: 'Choose the site' });
    expect(newAuditProblems(form({ siteId: null }), 0, AUDIT_TEXT)).toEqual({}); // a customer without sites
    expect(newAuditProblems(form({ siteId: null }), null, AUDIT_TEXT)).toEqual({ site: 'Choose the site' }); // sites still loading
    expect(newAuditProblems(form({ day: 'invalid' }), 1, AUDIT_TEXT)).toEqual({ day: 'Enter a date as day.month.year' });
    expect(newAuditProblems(form({ day: '' }), 1, AUDIT_TEXT)).toEqual({ day: 'Enter a date as day.month.year' });
    expect(newAuditProblems(form({ inspector: '  ' }), 1, AUDIT_TEXT)).toEqual({ inspector: 'Enter the inspector' });
  });

  it("sends noon of the day in the user's zone and leaves the inspector out while it is the signed-in user", () => {
    expect(newAuditInput(form(), me, 'UTC')).toEqual({ customerId: 'c1', customerSiteId: 's1', inspectionDate: Date.UTC(2026, 11, 24, 12) });
    // the same day seen from Auckland (UTC+13) and Los Angeles (UTC-8)
    expect(newAuditInput(form(), me, 'Pacific/Auckland').inspectionDate).toBe(Date.UTC(2026, 11, 23, 23));
    expect(newAuditInput(form(), me, 'America/Los_Angeles').inspectionDate).toBe(Date.UTC(2026, 11, 24, 20));
  });

  it('sends a changed inspector with the contact as typed', () => {
    expect(newAuditInput(form({ inspector: ' Bo Other ', inspectorContact: 'bo@company.example' }), me)).toMatchObject({ inspector: 'Bo Other', inspectorContact: 'bo@company.example' });
    expect(newAuditInput(form({ inspectorContact: '' }), me)).toMatchObject({ inspector: me.name, inspectorContact: '' });
  });
});
