import { describe, expect, it } from 'vitest';
import { isAllowed, Level, routeTable } from '@insp/contracts';
import type { ShellActor } from '../providers/session';
import { visibleNavItems } from './navigation';

const labels = (actor: ShellActor) => visibleNavItems(actor).map((i) => i.nav);
const staff = (level: Level, flags: ShellActor['flags'] = []): ShellActor => ({ kind: 'staff', level, flags, distributorAdmin: false });
const distributor = (distributorAdmin: boolean): ShellActor => ({
  kind: 'distributor',
  level: distributorAdmin ? Level.Manager : Level.User,
  flags: [],
  distributorAdmin,
});

describe('top navigation by actor', () => {
  it('an admin with the Developer flag sees Distributors, Web logs, Tags, Usage dashboard and every admin screen', () => {
    expect(labels(staff(Level.Admin, ['Developer']))).toEqual([
      'My page', 'Reports', 'Due', 'Actions', 'Audits', 'Inspection points', 'Inspection protocols', 'Documents', 'Customers',
      'Equipment', 'Distributors', 'Usage dashboard', 'Web logs', 'Tags', 'App logs', 'Background services', 'Debug token', 'Translations', 'Webhooks',
    ]);
  });

  it('reaches every screen its rights open: each routeTable entry without a parameter is in the navigation of whoever may open it (issue 21)', () => {
    const actors = [staff(Level.User), staff(Level.Manager), staff(Level.Admin), staff(Level.Admin, ['Developer']), staff(Level.User, ['CertificationManager']), distributor(true), distributor(false)];
    // Sub-screens reached from their list (new, import, compare) are linked from that screen, not from the shell.
    const linkedFromTheirList = new Set(['/Reports/new', '/Audits/new', '/Customers/import', '/StaffAccounts', '/ProductFamilies', '/CategoryTitles']);
    // Issue 23: 'On this device' is the header's icon link beside the e-mail (Header.tsx, TopNav.test.tsx), not a nav item.
    linkedFromTheirList.add('/OnThisDevice');
    for (const actor of actors) {
      const reachable = new Set(visibleNavItems(actor).map((i) => i.path));
      const allowed = routeTable.filter((r) => !r.path.includes(':') && !linkedFromTheirList.has(r.path) && isAllowed(r.permission, actor));
      expect(allowed.filter((r) => !reachable.has(r.path)).map((r) => r.path), JSON.stringify(actor)).toEqual([]);
    }
  });

  it('shows Debug token to those GET /auth/debugtoken admits: staff managers, admins and the Developer flag (issue 22)', () => {
    expect(labels(staff(Level.Manager))).toContain('Debug token');
    expect(labels(staff(Level.User, ['Developer']))).toContain('Debug token');
    expect(labels(staff(Level.User))).not.toContain('Debug token');
    expect(labels(distributor(true))).not.toContain('Debug token');
    expect(labels({ ...distributor(true), flags: ['Developer'] })).not.toContain('Debug token');
  });

  it('shows Translations to staff admins only, not to managers or distributors', () => {
    expect(labels(staff(Level.Admin))).toContain('Translations');
    expect(labels(staff(Level.Manager))).not.toContain('Translations');
    expect(labels(staff(Level.Manager))).toEqual(expect.arrayContaining(['Background services', 'Debug token']));
    expect(labels(distributor(true))).not.toContain('Translations');
  });

  it('an admin without the Developer flag sees no developer-only items, but the Usage dashboard (admin or the flag)', () => {
    const items = labels(staff(Level.Admin));
    expect(items).not.toContain('Web logs');
    expect(items).not.toContain('Tags');
    // issue 22: /UsageDashboards is for staff admins or the Developer flag (contracts P.usageDashboards)
    expect(items).toContain('Usage dashboard');
    // /ExternalUsers: manager level, or the Developer flag (contracts P.externalUsers, spec 002 §2 route levels)
    expect(items).toContain('Distributors');
  });

  it('an inspector with the Developer flag sees Distributors, Web logs and Usage dashboard but not the admin-only Tags', () => {
    const items = labels(staff(Level.User, ['Developer']));
    expect(items).toContain('Distributors');
    expect(items).toContain('Web logs');
    expect(items).not.toContain('Tags');
    expect(items).toContain('Usage dashboard');
  });

  it('a manager without the Developer flag does not see the Usage dashboard', () => {
    expect(labels(staff(Level.Manager))).not.toContain('Usage dashboard');
  });

  it('an inspector sees only My page, Reports, Due, Actions and Audits', () => {
    expect(labels(staff(Level.User))).toEqual(['My page', 'Reports', 'Due', 'Actions', 'Audits']);
  });

  it('a distributor admin sees Users but not Audits', () => {
    const items = labels(distributor(true));
    expect(items).toContain('Users');
    expect(items).not.toContain('Audits');
    expect(items).toEqual(['My page', 'Reports', 'Due', 'Actions', 'Inspection points', 'Inspection protocols', 'Users']);
  });

  it('a distributor sees neither Audits nor Users', () => {
    expect(labels(distributor(false))).toEqual(['My page', 'Reports', 'Due', 'Actions']);
  });

  it('a certification manager sees Certifications', () => {
    expect(labels(staff(Level.User, ['CertificationManager']))).toContain('Certifications');
  });

  it('shows nothing while the level is 0, even for flag-granted items', () => {
    expect(labels(staff(Level.None, ['Developer', 'CertificationManager']))).toEqual([]);
  });
});
