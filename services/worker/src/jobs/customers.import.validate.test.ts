import { describe, expect, it } from 'vitest';
import { validateRow, type Catalogue } from './customers.import.validate.js';

const catalogue: Catalogue = {
  families: new Map([
    ['lt106', { id: 'f-106', name: 'LT106' }],
    ['lt200', { id: 'f-200', name: 'LT200' }],
  ]),
  models: new Map([
    [
      'pro',
      [
        { id: 'm-106-pro', familyId: 'f-106', name: 'Pro' },
        { id: 'm-200-pro', familyId: 'f-200', name: 'PRO' },
      ],
    ],
    ['lt106 max', [{ id: 'm-106-max', familyId: 'f-106', name: 'LT106 Max' }]],
  ]),
  languages: new Map([
    ['english', 'en'],
    ['en', 'en'],
    ['german', 'de'],
    ['de', 'de'],
  ]),
};

describe('validateRow with the catalogue', () => {
  it('finds a model by its name ignoring case and takes its family from it', () => {
    expect(validateRow({ customerName: 'A', serialNumber: '1', productModel: 'lt106 MAX' }, catalogue).row).toMatchObject({ familyId: 'f-106', modelId: 'm-106-max' });
  });

  it('chooses among models of the same name by the family the row names', () => {
    expect(validateRow({ customerName: 'A', serialNumber: '1', productFamily: 'lt200', productModel: 'Pro' }, catalogue).row).toMatchObject({ familyId: 'f-200', modelId: 'm-200-pro' });
  });

  it('asks for the family when the model name exists in several, and reports unknown models', () => {
    expect(validateRow({ customerName: 'A', serialNumber: '1', productModel: 'pro' }, catalogue).errors.map((e) => [e.field, e.message])).toEqual([
      ['productFamily', "is required: model 'pro' exists in several product families"],
    ]);
    expect(validateRow({ customerName: 'A', serialNumber: '1', productFamily: 'LT106', productModel: 'Nope' }, catalogue).errors.map((e) => e.field)).toEqual(['productModel']);
    expect(validateRow({ customerName: 'A', serialNumber: '1', productModel: 'Nope' }, catalogue).errors.map((e) => e.field)).toEqual(['productModel']);
  });

  it('reports a cell with a control character (NUL, escape, DEL) as an error of its column; tab is text', () => {
    const { row, errors } = validateRow({ customerName: 'Kallio\u0000Oy', siteName: 'Pit\u001b', nickName: 'Big\u007f', serialNumber: 'SN\t1' }, catalogue);
    expect(row).toBeUndefined();
    expect(errors.map((e) => [e.column, e.message])).toEqual([
      ['Customer name', 'must not contain control characters (tab and line breaks are allowed)'],
      ['Site name', 'must not contain control characters (tab and line breaks are allowed)'],
      ['Equipment nickname', 'must not contain control characters (tab and line breaks are allowed)'],
    ]);
    expect(validateRow({ customerName: 'Kallio Oy', serialNumber: 'SN\t1' }, catalogue).errors).toEqual([]);
  });

  it('takes a customer language by code or English name ignoring case, and a time zone in its listed spelling', () => {
    expect(validateRow({ customerName: 'A', customerLanguage: 'DE', customerTimeZone: 'europe/berlin' }, catalogue).row).toMatchObject({ language: 'de', timeZone: 'Europe/Berlin' });
    expect(validateRow({ customerName: 'A', customerLanguage: 'German', customerTimeZone: 'UTC' }, catalogue).row).toMatchObject({ language: 'de', timeZone: 'UTC' });
    expect(validateRow({ customerName: 'A' }, catalogue).row).toMatchObject({ language: undefined, timeZone: undefined });
  });

  it('reports an unknown language and an offset or abbreviation instead of a zone under their columns', () => {
    const { row, errors } = validateRow({ customerName: 'A', customerLanguage: 'Klingon', customerTimeZone: '+02:00' }, catalogue);
    expect(row).toBeUndefined();
    expect(errors.map((e) => [e.column, e.message])).toEqual([
      ['Customer language', "'Klingon' is not a report language (one of en, de)"],
      ['Customer time zone', "'+02:00' must be an IANA time zone such as Europe/Helsinki"],
    ]);
    expect(validateRow({ customerName: 'A', customerTimeZone: 'EEST' }, catalogue).errors.map((e) => e.column)).toEqual(['Customer time zone']);
  });
});
