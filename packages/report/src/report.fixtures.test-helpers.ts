import type { TReportData, TReportPoint } from '@insp/contracts';

/** Report data for renderer tests: a point of each kind the views treat differently. */
const DAY = 86_400_000;
export const T0 = Date.UTC(2026, 4, 20, 8, 30);

export const point = (over: Partial<TReportPoint>): TReportPoint => ({
  resultId: over.resultId ?? `r-${Math.random()}`,
  type: 'Comment',
  name: 'Point',
  description: '',
  keyboardType: 'default',
  ratingPresent: true,
  rating: 'NotSet',
  selection: null,
  options: [],
  comment: null,
  measurementTitle: null,
  unit: null,
  value: null,
  limits: null,
  previous: null,
  table: null,
  rangeValueTitle: null,
  rangeValues: [],
  multipleChoices: [],
  dropdowns: [],
  photos: [],
  trend: null,
  ...over,
});

const limits = { criticalLow: 20, low: 32, high: 60, criticalHigh: 80 };

export function reportFixture(over: Partial<TReportData> = {}): TReportData {
  return {
    header: {
      inspectionId: 'i-1', name: 'Daily check for Jaw JC', protocolName: 'Daily check for Jaw JC', type: 'Daily', status: 'Finished', rating: 'Nok',
      customer: 'Kivi Oy', site: 'Main quarry', productFamily: 'Jaw JC', productModel: 'JC120', serialNumber: 'JC120-0001', nickName: 'Big one',
      inspectionDate: T0, started: T0, ended: T0 + 150 * 60_000, durationMinutes: 150, inspector: 'Ina Inspector', inspectorContact: 'ina@company.example',
      contactName: 'Kalle Kivi', contactPhone: '+358 40 123', contactEmail: 'kalle@kivi.example', version: '3.5.2', timeZone: 'UTC',
    },
    ratingTableLocation: 'Start',
    categories: [
      {
        id: 'c1', index: 0, title: 'Hydraulics', points: [
          point({ resultId: 'hot', type: 'Measurement', name: 'Oil temperature', rating: 'ImmediateAction', measurementTitle: 'Temperature', unit: '°C', value: '85,5', limits,
            previous: { date: T0 - 30 * DAY, value: '58.25', cells: [] } }),
          point({ resultId: 'cold', type: 'Measurement', name: 'Return temperature', rating: 'Follow', measurementTitle: 'Temperature', unit: '°C', value: '30', limits }),
          point({ resultId: 'fine', type: 'Measurement', name: 'Tank temperature', rating: 'Ok', unit: '°C', value: '45', limits }),
        ],
      },
      {
        id: 'c2', index: 1, title: 'Conveyors', points: [
          point({
            resultId: 'belt', type: 'SummaryWithRows', name: 'Belt thickness', rating: 'Repair', measurementTitle: 'Thickness', unit: 'mm',
            limits: { criticalLow: 10, low: 16, high: null, criticalHigh: null },
            table: {
              fieldTitle: 'Measurements', aggregationDirection: 'Row',
              fields: [{ id: 'l', title: 'Left', aggregation: 'No' }, { id: 'r', title: 'Right', aggregation: 'No' }, { id: 'avg', title: 'Mean', aggregation: 'Average' }],
              rows: [{ id: 'main', title: 'Main conveyor', aggregation: 'No' }, { id: 'side', title: 'Side conveyor', aggregation: 'No' }],
              values: [
                { rowId: 'main', fieldId: 'l', value: '20' }, { rowId: 'main', fieldId: 'r', value: '25,25' }, { rowId: 'main', fieldId: 'avg', value: '999' },
                { rowId: 'side', fieldId: 'l', value: '9.5' }, { rowId: 'side', fieldId: 'r', value: '17' },
              ],
            },
            trend: {
              lifeEstimateType: 'Min',
              series: [{ name: 'Main conveyor', points: [{ date: T0 - 200 * DAY, value: 30 }, { date: T0 - 100 * DAY, value: 26 }, { date: T0, value: 22 }] }],
            },
            photos: [
              { id: 'p1', imageId: 'img-default', caption: 'Left edge', layout: 'Default' },
              { id: 'p2', imageId: 'img-wide', caption: 'Profile', layout: 'HorizontalGraph' },
              { id: 'p3', imageId: 'img-full', caption: 'Overview', layout: 'Fullscreen' },
            ],
          }),
        ],
      },
    ],
    extraPoints: [point({ resultId: 'x1', type: 'Comment', name: 'Stockpile management', rating: 'NotApplicable', comment: 'Not in use.' })],
    findings: [{ id: 'f1', title: 'Hydraulic leak', description: 'Oil on the frame.', consequence: 'Downtime.', corrective: 'Replace hose.', preventive: 'Weekly check.', photos: [] }],
    priorityActions: [{ id: 'a1', title: 'Order spare parts', description: 'Quote within a week.', priority: 'High' }],
    openActions: [],
    equipmentConfigurator: null,
    summary: 'Machine inspected.',
    comment: 'Thank you.',
    customerSignatureImageId: 'sig-customer',
    providerSignatureImageId: null,
    ...over,
  };
}
