import { describe, expect, it } from 'vitest';
import { renderReportHtml } from './render.js';
import { locales } from './locales/index.js';
import { point, reportFixture, T0 } from './report.fixtures.test-helpers.js';

const imageUrl = (id: string) => `/img/${id}`;
const render = (lang = 'en', data = reportFixture()) => renderReportHtml(data, { lang, imageUrl });
const badges = (html: string) => [...html.matchAll(/<span class="badge"[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]);
const DAY = 86_400_000;

describe('renderReportHtml', () => {
  it('answers one complete HTML document with inline CSS and no script', () => {
    const html = render();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).toContain('@page { size: A4');
    expect(html).not.toMatch(/<script|<link|javascript:/i);
    expect(html.endsWith('</html>')).toBe(true);
  });

  it('writes the header facts, dates day.month.year and the duration in hours and minutes', () => {
    const html = render();
    for (const text of ['Inspection report', 'Daily check for Jaw JC', 'JC120-0001', 'Kivi Oy', 'kalle@kivi.example', 'Ina Inspector', '3.5.2',
      '20.05.2026', '20.05.2026 08:30 UTC', '20.05.2026 11:00 UTC', '2 h 30 min', 'Not OK', 'Finished']) {
      expect(html, text).toContain(text);
    }
  });

  it("prints dates and times in the report's time zone, times named by the zone (issue 20)", () => {
    const data = reportFixture();
    data.header.timeZone = 'Pacific/Auckland';
    const html = render('en', data);
    // 20.05.2026 08:30 UTC is 20:30 in Auckland (UTC+12 in May)
    for (const text of ['20.05.2026 20:30 GMT+12', '20.05.2026 23:00 GMT+12']) expect(html, text).toContain(text);
    expect(html).not.toContain(' UTC');
  });

  it("prints in the zone the caller asks for instead (the app's view in the viewer's zone)", () => {
    const html = renderReportHtml(reportFixture({ header: { ...reportFixture().header, started: Date.UTC(2026, 4, 20, 13) } }), { lang: 'en', imageUrl, timeZone: 'Pacific/Auckland' });
    expect(html).toContain('21.05.2026 01:00 GMT+12');
    expect(html).not.toContain(' UTC');
  });

  it('heads each run of points with its subcategory title, once, under the category (issue 19)', () => {
    const data = reportFixture();
    const [hot, cold, fine] = data.categories[0]!.points;
    data.categories[0]!.points = [{ ...hot!, subcategory: 'Pumpe' }, { ...cold!, subcategory: 'Pumpe' }, { ...fine!, subcategory: 'Tank & Filter' }];
    const html = render('de', data);
    expect([...html.matchAll(/<h4 class="subcategory">([^<]+)<\/h4>/g)].map((m) => m[1])).toEqual(['Pumpe', 'Tank &amp; Filter']);
    const at = (s: string) => html.indexOf(s);
    expect(at('Hydraulics') < at('Pumpe') && at('Pumpe') < at('Oil temperature') && at('Return temperature') < at('Tank &amp; Filter')
      && at('Tank &amp; Filter') < at('Tank temperature')).toBe(true);
    expect(render()).not.toContain('class="subcategory"');
  });

  it('writes every rating in words', () => {
    expect(badges(render())).toEqual(['Immediate action', 'Should be followed', 'OK', 'To be repaired or replaced', 'Not applicable']);
  });

  it('marks values past a limit and says which limit, leaving values within limits unmarked', () => {
    const html = render();
    expect(html).toContain('85.5 °C</span> <span class="mark" data-limit="criticalHigh">▲▲ Above the critical high limit (80 °C)</span>');
    expect(html).toContain('30 °C</span> <span class="mark soft" data-limit="low">▼ Below the low limit (32 °C)</span>');
    expect(html).toMatch(/45 °C<\/span> <\/div>/);
    expect(html).toContain('Limits: Critical low 20 · Low 32 · High 60 · Critical high 80 °C');
  });

  it("shows the previous inspection's value with its date", () => {
    expect(render()).toContain('Previous (20.04.2026): 58.25 °C');
  });

  it('computes table aggregates to 2 decimals from the typed cells, ignoring stored aggregate values, and marks cells past a limit', () => {
    const html = render();
    expect(html).toMatch(/<td class="num agg"[^>]*>22\.63</);
    expect(html).toMatch(/<td class="num agg out" data-limit="low">13\.25</);
    expect(html).not.toContain('999');
    expect(html).toMatch(/<td class="num critical" data-limit="criticalLow">9\.5</);
    expect(html).toContain('▼▼ Below the critical low limit (10 mm)');
    expect(html).toContain('Mean (Average)');
  });

  it('draws the trend with limit bands and extends it to the date the critical limit will be crossed', () => {
    const html = render();
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 680 200"/);
    expect(html).toContain('<rect');
    // 30 → 22 in 200 days: −0.04 per day from 30 reaches 10 after 500 days.
    const date = new Date(T0 - 200 * DAY + 500 * DAY);
    const ddmmyyyy = `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
    expect(html).toContain(`Estimated to reach the critical limit (10 mm) on ${ddmmyyyy}`);
  });

  it("says 'no trend' with fewer than 3 values", () => {
    const data = reportFixture();
    const belt = data.categories[1].points[0];
    belt.trend = { lifeEstimateType: 'Min', series: [{ name: 'Main', points: belt.trend!.series[0].points.slice(0, 2) }] };
    expect(render('en', data)).toContain('No trend (at least 3 values are needed)');
    expect(render('fi', data)).toContain('Ei trendiä (vähintään 3 arvoa tarvitaan)');
  });

  it('lays photos out by layout and asks the caller for every image URL', () => {
    const html = render();
    expect(html).toContain('<div class="photos"><figure class="photo-Default"><img src="/img/img-default" alt="Left edge"');
    expect(html).toContain('<figure class="photo-HorizontalGraph"><img src="/img/img-wide"');
    expect(html).toContain('<figure class="photo-Fullscreen"><img src="/img/img-full"');
    expect(html).toContain('<img src="/img/sig-customer" alt="Customer signature"');
    // React 19 would otherwise add a preload link to the head for each image.
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('Not signed');
  });

  it('escapes user text, so it can never become markup', () => {
    const evil = '<script>alert(1)</script>';
    const data = reportFixture({ summary: evil, comment: '"><img src=x onerror=alert(1)>' });
    data.categories[0].points[0] = point({ name: evil, comment: evil, rating: 'Ok' });
    data.findings[0].title = evil;
    const html = render('en', data);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('puts the rating table where the protocol says: start, end or nowhere', () => {
    const at = (loc: 'Start' | 'End' | 'None') => render('en', reportFixture({ ratingTableLocation: loc }));
    const start = at('Start');
    expect(start.indexOf('<h2>Ratings</h2>')).toBeLessThan(start.indexOf('Hydraulics'));
    const end = at('End');
    expect(end.indexOf('<h2>Ratings</h2>')).toBeGreaterThan(end.indexOf('Hydraulic leak'));
    expect(at('None')).not.toContain('<h2>Ratings</h2>');
  });

  it('shows the equipment configurator only when the data carries it', () => {
    expect(render()).not.toContain('Equipment configurator');
    const html = render('en', reportFixture({ equipmentConfigurator: [{ key: 'Engine hours', value: '6601' }] }));
    expect(html).toContain('Equipment configurator');
    expect(html).toContain('6,601');
  });

  it('writes labels, numbers and dates in the language asked for', () => {
    const html = render('fi');
    for (const text of ['Tarkastusraportti', 'Sarjanumero', 'Välittömiä toimenpiteitä', 'Seurattava', 'Korjattava tai vaihdettava', 'Ei sovellu',
      '85,5 °C', 'Ylittää kriittisen ylärajan (80 °C)', 'Edellinen (20.04.2026): 58,25 °C', '2 h 30 min', '20.05.2026']) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<td class="num agg"[^>]*>22,63</);
    expect(html).toContain('<html lang="fi">');
    expect(render('de')).toContain('Zu reparieren oder zu ersetzen');
  });

  it('prints the open follow-up actions of the machine: point, what to do, found, due date, Overdue in words, assignee; no section when none', () => {
    const found = Date.UTC(2026, 3, 20, 8);
    const base = { inspectionPointId: 'p1', inspectionId: 'i0', inspectionName: 'Daily check', inspectionDate: found, value: null };
    const openActions = [
      { ...base, id: 'oa1', reason: 'Repair' as const, pointName: 'Toggle plate', text: 'Replace the toggle plate', assigneeName: 'Ida', dueOn: '2026-05-01', overdue: true },
      { ...base, id: 'oa2', reason: 'OutOfLimits' as const, pointName: 'Oil temperature', text: '', value: '85.5', assigneeName: null, dueOn: null, overdue: false },
    ];
    const html = render('en', reportFixture({ openActions }));
    const section = html.slice(html.indexOf('<section class="open-actions">'), html.indexOf('</section>', html.indexOf('<section class="open-actions">')));
    expect(section).toContain('<h2>Open follow-up actions</h2>');
    const rows = [...section.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => m[1]!.replace(/<br\/>/g, ' ').replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
    expect(rows).toEqual([
      '|Point|What to do|Found on|Due date|Assigned to|',
      '|Toggle plate|Replace the toggle plate|To be repaired or replaced|20.04.2026|01.05.2026 |Overdue|Ida|',
      '|Oil temperature|Out of limits: 85.5|20.04.2026|—|—|',
    ]);
    // After the priority actions, before the points.
    expect(html.indexOf('Order spare parts')).toBeLessThan(html.indexOf('Open follow-up actions'));
    expect(html.indexOf('Open follow-up actions')).toBeLessThan(html.indexOf('Stockpile management'));
    const fi = render('fi', reportFixture({ openActions }));
    for (const text of ['Avoimet jatkotoimenpiteet', 'Määräpäivä', 'Myöhässä', 'Vastuuhenkilö', 'Raja-arvojen ulkopuolella: 85,5', 'Korjattava tai vaihdettava']) expect(fi, text).toContain(text);
    for (const [lang, labels] of Object.entries(locales)) expect(render(lang, reportFixture({ openActions })), lang).toContain(`<h2>${labels.sections.openActions}</h2>`);
    expect(render()).not.toContain('open-actions');
    expect(render()).not.toContain('Open follow-up actions');
  });

  it('has labels for every seeded language, and reads English for a language without them', () => {
    for (const [lang, labels] of Object.entries(locales)) expect(render(lang)).toContain(labels.title.replace("'", '&#x27;'));
    expect(render('xx')).toContain('Inspection report');
  });
});
