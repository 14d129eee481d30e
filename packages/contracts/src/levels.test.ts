import { describe, expect, it } from 'vitest';
import { Level, isAllowed, staffLevelFromGroups, distributorLevel, type Actor } from './levels.js';
import { P } from './permissions.js';
import { isNavActive, navItems, routeTable } from './routes.js';

const staff = (level: Level, flags: Actor['flags'] = []) => ({ kind: 'staff' as const, level, flags, distributorAdmin: false });
const dist = (admin: boolean) => ({ kind: 'distributor' as const, level: admin ? Level.Manager : Level.User, flags: [], distributorAdmin: admin });

describe('levels from identity-provider groups', () => {
  it('gives the highest group: admin over manager over working groups, none without a known group', () => {
    expect(staffLevelFromGroups(['inspection', 'admin'])).toBe(Level.Admin);
    expect(staffLevelFromGroups(['Manager'])).toBe(Level.Manager);
    expect(staffLevelFromGroups(['mecu'])).toBe(Level.User);
    expect(staffLevelFromGroups(['visitors'])).toBe(Level.None);
  });
  it('makes a distributor admin a Manager, a distributor a User, and an expired account None', () => {
    expect(distributorLevel({ distributorAdmin: true, expired: false })).toBe(Level.Manager);
    expect(distributorLevel({ distributorAdmin: false, expired: false })).toBe(Level.User);
    expect(distributorLevel({ distributorAdmin: true, expired: true })).toBe(Level.None);
  });
});

describe('isAllowed', () => {
  it('compares the staff level with the internal minimum and the distributor level with the external one', () => {
    expect(isAllowed(P.authoring, staff(Level.Manager))).toBe(false);
    expect(isAllowed(P.authoring, staff(Level.Admin))).toBe(true);
    expect(isAllowed(P.authoring, dist(true))).toBe(true);
    expect(isAllowed(P.authoring, dist(false))).toBe(false);
  });
  it('never admits distributors to audits, whatever their level', () => {
    expect(isAllowed(P.audits, dist(true))).toBe(false);
    expect(isAllowed(P.audits, staff(Level.User))).toBe(true);
  });
  it('lets an alternative flag grant access on its own, and a required flag demand it on top of the level', () => {
    expect(isAllowed(P.webLogs, staff(Level.User, ['Developer']))).toBe(true);
    expect(isAllowed(P.webLogs, staff(Level.Admin))).toBe(false);
    expect(isAllowed(P.tags, staff(Level.Admin))).toBe(false);
    expect(isAllowed(P.tags, staff(Level.Admin, ['Developer']))).toBe(true);
    expect(isAllowed(P.tags, staff(Level.Manager, ['Developer']))).toBe(false);
    expect(isAllowed(P.certifications, staff(Level.User, ['CertificationManager']))).toBe(true);
    expect(isAllowed(P.certifications, { ...dist(true), flags: ['CertificationManager'] })).toBe(false);
    expect(isAllowed(P.webLogs, { ...dist(true), flags: ['Developer'] })).toBe(false);
  });
  it('admits Admins and Developer-flag staff to staff accounts, and never a distributor, flag or not', () => {
    expect(isAllowed(P.staffAccounts, staff(Level.Admin))).toBe(true);
    expect(isAllowed(P.staffAccounts, staff(Level.User, ['Developer']))).toBe(true);
    expect(isAllowed(P.staffAccounts, staff(Level.Manager))).toBe(false);
    expect(isAllowed(P.staffAccounts, staff(Level.Manager, ['Rater', 'CertificationManager']))).toBe(false);
    expect(isAllowed(P.staffAccounts, { ...dist(true), flags: ['Developer'] })).toBe(false);
  });
  it('shows nothing at level None and nothing to nobody', () => {
    expect(isAllowed(P.reports, staff(Level.None))).toBe(false);
    expect(isAllowed(P.reports, null)).toBe(false);
  });
  it('admits only distributor admins to the Users page', () => {
    expect(isAllowed(P.userManagement, dist(true))).toBe(true);
    expect(isAllowed(P.userManagement, dist(false))).toBe(false);
    expect(isAllowed(P.userManagement, staff(Level.Admin, ['Developer']))).toBe(false);
  });

  it('admits staff admins or the Developer flag to the usage dashboard, never a manager without it or a distributor', () => {
    expect(isAllowed(P.usageDashboards, staff(Level.Admin))).toBe(true);
    expect(isAllowed(P.usageDashboards, staff(Level.User, ['Developer']))).toBe(true);
    expect(isAllowed(P.usageDashboards, staff(Level.Manager))).toBe(false);
    expect(isAllowed(P.usageDashboards, { ...dist(true), flags: ['Developer'] })).toBe(false);
  });
});

describe('webhooks (issue 22)', () => {
  it('are for staff admins only: not managers, not the Developer flag alone, never a distributor', () => {
    expect(isAllowed(P.webhooks, staff(Level.Admin))).toBe(true);
    expect(isAllowed(P.webhooks, staff(Level.Manager, ['Developer']))).toBe(false);
    expect(isAllowed(P.webhooks, staff(Level.User))).toBe(false);
    expect(isAllowed(P.webhooks, dist(true))).toBe(false);
  });
});

describe('route table', () => {
  it('lists the navigation of spec 000 §2.1 in order, then the screens only typed before (issue 21)', () => {
    expect(navItems.map((n) => n.nav)).toEqual([
      'My page', 'Reports',
      // issue 24
      'Due', 'Actions',
      'Audits', 'Inspection points', 'Inspection protocols', 'Documents', 'Customers',
      'Equipment', 'Distributors', 'Usage dashboard', 'Users', 'Web logs', 'Tags', 'Certifications',
      'App logs', 'Background services', 'Debug token', 'Translations',
      // issue 22
      'Webhooks',
    ]);
  });
  it('has each path once', () => {
    const paths = routeTable.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('underlines an item when the path equals or begins with its route, and My page only on /', () => {
    expect(isNavActive('/Reports', '/Reports/123/details')).toBe(true);
    expect(isNavActive('/Reports', '/ReportsX')).toBe(false);
    expect(isNavActive('/tags', '/Tags')).toBe(true);
    expect(isNavActive('/', '/Reports')).toBe(false);
    expect(isNavActive('/', '/')).toBe(true);
  });
});
