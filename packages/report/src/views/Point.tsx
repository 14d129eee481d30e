/** @jsxRuntime automatic */
import type { TReportPoint } from '@insp/contracts';
import { useReport } from '../context.js';
import { RatingBadge, ratingStyle } from './parts.js';
import { Photos } from './Photos.js';
import { TrendChart } from './TrendChart.js';
import { MeasurementValue } from './kinds/Measurement.js';
import { TableValues } from './kinds/Table.js';
import { Dropdowns, MultipleChoices, RangeValues, Selection } from './kinds/Choices.js';

/** The answer part of a point, by type (001 §3). */
function Answer({ p }: { p: TReportPoint }) {
  const { fmt } = useReport();
  switch (p.type) {
    case 'Comment':
      return null;
    case 'Measurement':
      return <MeasurementValue p={p} />;
    case 'Summary':
    case 'SummaryWithRows':
    case 'MeasurementsWithPicture':
      return p.table ? <TableValues p={p} table={p.table} /> : null;
    // The kinds without range values of their own still print their options' follow-up values (issue 20).
    case 'RadioButtonSelection':
      return (<><Selection p={p} /><RangeValues p={p} /></>);
    case 'RadioButtonSelectionAndRangeValues':
      return (<><Selection p={p} /><RangeValues p={p} /></>);
    case 'RangeValues':
      return <RangeValues p={p} />;
    case 'MultipleChoices':
      return (<><MultipleChoices p={p} /><RangeValues p={p} /></>);
    case 'MultipleChoicesAndRangeValues':
      return (<><MultipleChoices p={p} /><RangeValues p={p} /></>);
    case 'Dropdown':
      return (<><Dropdowns p={p} /><RangeValues p={p} /></>);
    default:
      return p.value ? <div className="value">{fmt.value(p.value)}</div> : null;
  }
}

/** Points with photos, a trend or a long table may break across pages; smaller ones are kept whole. */
const big = (p: TReportPoint) => p.photos.length > 0 || !!p.trend || (p.table?.rows.length ?? 0) > 8;

/** One inspection point: name and description, rating in words, the answer, public comment, photos, trend. */
export function Point({ p }: { p: TReportPoint }) {
  const { t } = useReport();
  return (
    <div className={big(p) ? 'point big' : 'point'} style={ratingStyle(p.rating)} data-type={p.type}>
      <div className="point-head">
        <div>
          <div className="point-name">{p.name}</div>
          {p.description ? <div className="point-desc">{p.description}</div> : null}
        </div>
        <RatingBadge rating={p.rating} />
      </div>
      <div className="point-body">
        <Answer p={p} />
        {p.comment ? (
          <div className="comment">
            <span className="label">{t('point.comment')}</span>
            <p className="text">{p.comment}</p>
          </div>
        ) : null}
        <Photos photos={p.photos} />
        {p.trend ? <TrendChart p={p} /> : null}
      </div>
    </div>
  );
}
