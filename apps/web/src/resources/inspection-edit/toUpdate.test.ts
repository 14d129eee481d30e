import { describe, expect, it } from 'vitest';
import { inspection, uuid } from './edit.fixtures.test-helpers';
import { toEditValues } from './formValues';
import { localImages, toUpdate } from './toUpdate';

const none = { reuseSignatures: null, sendEmail: false, uploaded: new Map<string, string>() };

describe('the update body from the form', () => {
  it('sends an untouched form back as it was read, finished, with blanks as null', () => {
    const data = inspection();
    const body = toUpdate(toEditValues(data), data, none);
    expect(body).toMatchObject({ id: data.id, finished: true, inspectionDate: data.inspectionDate, started: data.started, ended: null, version: '3.5.2', sendEmail: false });
    expect(body.categories![0]!.inspectionPoints![1]!.content).toMatchObject({ value: null, comment: null, rating: 'NotSet', photos: [] });
    expect('equipmentConfigurator' in body).toBe(false);
  });

  it('names the e-mail language only when the report is e-mailed (issue 20)', () => {
    const data = inspection();
    expect(toUpdate(toEditValues(data), data, { ...none, sendEmail: true, emailLanguage: 'de' })).toMatchObject({ sendEmail: true, emailLanguage: 'de' });
    expect('emailLanguage' in toUpdate(toEditValues(data), data, { ...none, emailLanguage: 'de' })).toBe(false);
  });

  it('keeps the time of day when the date changes, and reads date-times as UTC', () => {
    const data = inspection();
    const v = toEditValues(data);
    v.info.inspectionDate = '2026-11-25';
    v.info.ended = '2026-11-25T15:30';
    const body = toUpdate(v, data, none);
    expect(new Date(body.inspectionDate!).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(new Date(body.ended!).toISOString()).toBe('2026-11-25T15:30:00.000Z');
  });

  it('saves the configurator of a Commission only, numbers and booleans as such', () => {
    const data = inspection({ type: 'Commission', equipmentConfigurator: { engineHours: 120, notes: 'As delivered', ok: true, nested: { a: 1 } } });
    const v = toEditValues(data);
    expect(v.configurator).toEqual([
      { name: 'engineHours', value: '120', kind: 'number' },
      { name: 'notes', value: 'As delivered', kind: 'string' },
      { name: 'ok', value: 'true', kind: 'boolean' },
      { name: 'nested', value: '{"a":1}', kind: 'json' },
    ]);
    v.configurator![0]!.value = '130,5';
    v.configurator!.push({ name: '  ', value: 'dropped', kind: 'string' });
    expect(toUpdate(v, data, none).equipmentConfigurator).toEqual({ engineHours: 130.5, notes: 'As delivered', ok: true, nested: { a: 1 } });
    expect(toEditValues(inspection({ type: 'Daily', equipmentConfigurator: [1, 2] })).configurator).toBeNull();
  });

  it('names local photos and signatures by their uploaded ids, each uploaded once', () => {
    const data = inspection();
    const v = toEditValues(data);
    v.categories[0]!.points[0]!.content.photos = [{ imageId: 'local:a', caption: 'c', layout: 'Fullscreen' }];
    v.findings = [{ key: 'n1', title: 'F', description: '', consequence: '', corrective: '', preventive: '', photos: [{ imageId: 'local:a', caption: '', layout: 'Default' }], show: true }];
    v.providerSignature = 'local:s';
    expect(localImages(v)).toEqual(['local:a', 'local:s']);
    const uploaded = new Map([['local:a', uuid(801)], ['local:s', uuid(802)]]);
    const body = toUpdate(v, data, { ...none, uploaded });
    expect(body.categories![0]!.inspectionPoints![0]!.content.photos).toEqual([{ imageId: uuid(801), caption: 'c', layout: 'Fullscreen' }]);
    expect(body.findings![0]).toEqual({ title: 'F', description: '', consequence: '', corrective: '', preventive: '', photos: [{ imageId: uuid(801), caption: '', layout: 'Default' }], show: true });
    expect(body.providerSignature).toBe(uuid(802));
    expect(() => toUpdate(v, data, none)).toThrow(/not uploaded/);
  });
});

describe('versions and untouched points (issue 23)', () => {
  it("sends each point's version as read and leaves points whose answer was not touched out", () => {
    const data = inspection();
    const points = data.categories[0]!.inspectionPoints;
    points[0]!.content = { ...points[0]!.content, id: uuid(700), version: 7, updatedAt: 1, updatedBy: 'Manager' };
    const initial = toEditValues(data);
    const v = toEditValues(data);
    v.categories[0]!.points[0]!.content.comment = 'Changed here';
    const body = toUpdate(v, data, { ...none, initial });
    const sent = body.categories![0]!.inspectionPoints!;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ protocolPointId: points[0]!.protocolPointId, content: { id: uuid(700), comment: 'Changed here', version: 7 } });
    // a point never answered starts from version 0
    v.categories[0]!.points[1]!.content.value = '12';
    expect(toUpdate(v, data, { ...none, initial }).categories![0]!.inspectionPoints![1]!.content).toMatchObject({ value: '12', version: 0 });
    // without the start values every point is sent, as before
    expect(toUpdate(v, data, none).categories![0]!.inspectionPoints).toHaveLength(points.length);
  });
});
