import { describe, expect, it } from 'vitest';
import { canDeleteInspection, editRefusal, inspectionCan, type InspectionFacts, type InspectionViewer } from './inspection-rights.js';
import { Level } from './levels.js';

const staff = (level: Level, userId = 'me', email = 'me@company.example'): InspectionViewer => ({ kind: 'staff', level, flags: [], distributorAdmin: false, userId, email });
const mine = (status: string, over: Partial<InspectionFacts> = {}): InspectionFacts => ({ status, inspectorContact: 'Me@Company.example ', inspectorUserId: 'me', createdByUserId: 'me', hasResults: false, ...over });

describe('the one rule of who may do what with an inspection', () => {
  it("lets its own people and managers save until it is Finished, then only an Admin, naming the reason", () => {
    expect(editRefusal(mine('In_Use'), staff(Level.User))).toBeNull();
    expect(editRefusal(mine('In_Use', { inspectorUserId: 'x', createdByUserId: 'x', inspectorContact: 'x@company.example' }), staff(Level.User))).toBe('notOwn');
    expect(editRefusal(mine('Waiting', { inspectorUserId: 'x', createdByUserId: 'x', inspectorContact: null }), staff(Level.Manager))).toBeNull();
    expect(editRefusal(mine('Finished'), staff(Level.Manager))).toBe('finished');
    expect(editRefusal(mine('Finished'), staff(Level.Admin))).toBeNull();
  });

  it('offers reopen to an Admin on a Finished inspection only, and no status change there', () => {
    expect(inspectionCan(mine('Finished'), staff(Level.Admin))).toMatchObject({ reopen: true, statusTo: [] });
    expect(inspectionCan(mine('Finished'), staff(Level.Manager))).toMatchObject({ reopen: false, statusTo: [] });
    expect(inspectionCan(mine('Waiting'), staff(Level.Admin))).toMatchObject({ reopen: false, statusTo: ['Finished'] });
  });

  it('lets the starter discard an In use start without results; a list row, which does not know, never offers it', () => {
    expect(inspectionCan(mine('In_Use'), staff(Level.User))).toMatchObject({ delete: true, discard: true });
    expect(inspectionCan(mine('In_Use', { hasResults: true }), staff(Level.User))).toMatchObject({ delete: false, discard: false });
    expect(inspectionCan(mine('Waiting'), staff(Level.User))).toMatchObject({ delete: false, discard: false });
    expect(inspectionCan(mine('In_Use'), staff(Level.User, 'other'))).toMatchObject({ delete: false, discard: false });
    expect(canDeleteInspection({ status: 'In_Use', inspectorContact: null }, staff(Level.User))).toBe(false);
    expect(inspectionCan(mine('In_Use'), staff(Level.None))).toMatchObject({ delete: false, edit: false });
  });
});
