import { describe, expect, it } from 'vitest';
import { Level, type AccountFlag } from '@insp/contracts';
import type { ShellActor } from '../../providers/session';
import { filterTypes, statusLabel, typeLabel } from './inspectionTypes';
import { reportActions } from './rules';

const staff = (level: Level, flags: AccountFlag[] = []): ShellActor => ({ kind: 'staff', level, flags, distributorAdmin: false });
const viewer = (actor: ShellActor, email = 'me@company.example') => ({ actor, email });
const row = (status: string, inspectorContact = 'someone@company.example') => ({ status, inspectorContact });

describe('what a report row offers', () => {
  it('offers no PDF and no Ok/Nok while a report is In use or Waiting, and both once it is Finished', () => {
    const admin = viewer(staff(Level.Admin));
    for (const s of ['In_Use', 'Waiting']) expect(reportActions(row(s), admin)).toMatchObject({ download: false, rate: false });
    expect(reportActions(row('Finished'), admin)).toMatchObject({ download: true, rate: true });
  });

  it('lets Admins and Rater-flag staff rate, and no manager or distributor with the flag', () => {
    expect(reportActions(row('Finished'), viewer(staff(Level.User, ['Rater']))).rate).toBe(true);
    expect(reportActions(row('Finished'), viewer(staff(Level.Manager))).rate).toBe(false);
    expect(reportActions(row('Finished'), viewer({ kind: 'distributor', level: Level.Admin, flags: ['Rater'], distributorAdmin: true })).rate).toBe(false);
  });

  it('offers delete from Manager up', () => {
    expect(reportActions(row('Finished'), viewer(staff(Level.User))).delete).toBe(false);
    expect(reportActions(row('Finished'), viewer(staff(Level.Manager))).delete).toBe(true);
    expect(reportActions(row('Finished'), viewer(staff(Level.Admin))).delete).toBe(true);
  });

  it('offers In use → Waiting to the inspector contact (e-mail in any case) and to admins, who may also mark Finished', () => {
    expect(reportActions(row('In_Use', ' Me@Company.EXAMPLE'), viewer(staff(Level.User))).statusTo).toEqual(['Waiting']);
    expect(reportActions(row('In_Use'), viewer(staff(Level.User))).statusTo).toEqual([]);
    expect(reportActions(row('In_Use'), viewer(staff(Level.Manager))).statusTo).toEqual([]);
    expect(reportActions(row('In_Use'), viewer(staff(Level.Admin))).statusTo).toEqual(['Waiting', 'Finished']);
    expect(reportActions(row('Waiting'), viewer(staff(Level.Admin))).statusTo).toEqual(['Finished']);
    expect(reportActions(row('Waiting', 'me@company.example'), viewer(staff(Level.User))).statusTo).toEqual([]);
  });

  it('hides the status change on a Finished report, even from an admin', () => {
    expect(reportActions(row('Finished', 'me@company.example'), viewer(staff(Level.Admin))).statusTo).toEqual([]);
  });
});

describe('type and status names', () => {
  it('makes type values readable', () => {
    expect(typeLabel('Mid_Year')).toBe('Mid year');
    expect(typeLabel('Machine_assessment')).toBe('Machine assessment');
    expect(typeLabel('Equipment_Configurator')).toBe('Equipment configurator');
    expect(typeLabel('FAT')).toBe('FAT');
  });

  it('filters by every report type sorted by display name, without Custom, CustomPoints or any Audit_ type', () => {
    expect(filterTypes.map(typeLabel)).toEqual([
      'Annual', 'Closed', 'Commission', 'Commissioning', 'Daily', 'Equipment configurator', 'FAT',
      'Machine assessment', 'Mid year', 'Monthly', 'Quarterly', 'Weekly',
    ]);
  });

  it('shows In use, Waiting and Finished, and any other status as it came', () => {
    expect(['In_Use', 'Waiting', 'Finished', 'Archived'].map(statusLabel)).toEqual(['In use', 'Waiting', 'Finished', 'Archived']);
  });
});
