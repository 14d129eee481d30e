import { describe, expect, it } from 'vitest';
import type { TProtocolFit } from '@insp/contracts';
import { emptyForm, fitQuery, offered, problems, startInput, stillNeeded, type StartForm } from './startRules';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const daily: TProtocolFit = { id: id(9), name: 'Daily check', type: 'Daily', fit: 'Family' };
const complete: StartForm = { ...emptyForm, customer: { id: id(1), name: 'Quarry' }, siteId: id(2), mode: 'existing', equipmentId: id(3), protocolId: daily.id };
const loaded = { siteCount: 1, protocols: [daily] };

describe('starting an inspection: what is missing', () => {
  it('finds nothing missing when customer, site, equipment and an offered protocol are chosen', () => {
    expect(problems(complete, loaded)).toEqual({});
  });

  it('lists every step on an empty form, the site while the customer’s sites are unknown', () => {
    const p = problems(emptyForm, { siteCount: null, protocols: null });
    expect(Object.keys(p)).toEqual(['customer', 'site', 'equipmentId', 'protocolId']);
    expect(stillNeeded(p)).toBe('customer, site, equipment, protocol');
  });

  it('needs no site for a customer without sites', () => {
    expect(problems({ ...complete, siteId: null }, { ...loaded, siteCount: 0 })).toEqual({});
    expect(problems({ ...complete, siteId: null }, loaded)).toEqual({ site: 'Choose a site.' });
  });

  it('wants a family, a model and a serial number or a nickname for new equipment', () => {
    const fresh: StartForm = { ...complete, mode: 'new', equipmentId: null };
    expect(problems(fresh, loaded)).toEqual({
      productFamilyId: 'Choose a product family.', productModelId: 'Choose a product model.', serialNumber: 'Give a serial number or a nickname.',
    });
    const named = { ...fresh, productFamilyId: id(4), productModelId: id(5) };
    expect(problems({ ...named, nickName: 'Old blue' }, loaded)).toEqual({});
    expect(problems({ ...named, serialNumber: '  ' }, loaded)).toEqual({ serialNumber: 'Give a serial number or a nickname.' });
    expect(problems({ ...named, serialNumber: 'x'.repeat(101) }, loaded)).toEqual({ serialNumber: 'At most 100 characters.' });
  });

  it('does not count a protocol that is no longer offered (the machine changed)', () => {
    expect(problems(complete, { ...loaded, protocols: [] })).toEqual({ protocolId: 'Choose a protocol.' });
  });
});

describe('starting an inspection: protocols and payload', () => {
  it('asks the fit of the chosen machine, or of the new one’s model, and nothing before', () => {
    expect(fitQuery(emptyForm)).toBeNull();
    expect(fitQuery(complete)).toEqual({ equipmentId: id(3) });
    expect(fitQuery({ ...complete, mode: 'new', productFamilyId: id(4) })).toBeNull();
    expect(fitQuery({ ...complete, mode: 'new', productFamilyId: id(4), productModelId: id(5) })).toEqual({ productFamilyId: id(4), productModelId: id(5) });
  });

  it('leaves audit protocols out, keeping the best-first order', () => {
    const audit: TProtocolFit = { id: id(8), name: 'Site audit', type: 'Audit_Site', fit: 'Any' };
    const general: TProtocolFit = { id: id(7), name: 'General', type: 'Weekly', fit: 'Any' };
    expect(offered([daily, audit, general])).toEqual([daily, general]);
  });

  it('sends existing equipment by id and new equipment by model with serial number and nickname', () => {
    expect(startInput(complete)).toEqual({ protocolId: daily.id, customerId: id(1), customerSiteId: id(2), equipment: { id: id(3) } });
    const fresh: StartForm = { ...complete, mode: 'new', productFamilyId: id(4), productModelId: id(5), serialNumber: 'SN-1', nickName: '' };
    expect(startInput(fresh).equipment).toEqual({ productModelId: id(5), serialNumber: 'SN-1', nickName: '' });
  });
});
