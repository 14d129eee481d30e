/** @jsxRuntime automatic */
import { inspectionTypeName, type TReportHeader } from '@insp/contracts';
import { useReport } from '../context.js';
import { Fields } from './parts.js';

/** Title, type, status and rating; the machine's key facts in a strip; customer and inspection facts in two boxes (000 §2.9). */
export function Header({ h }: { h: TReportHeader }) {
  const { t, fmt, lang } = useReport();
  const duration =
    h.durationMinutes != null ? t('duration', { hours: Math.floor(h.durationMinutes / 60), minutes: h.durationMinutes % 60 }) : null;
  return (
    <header>
      <div className="masthead">
        <div>
          <div className="kicker">{t('title')}</div>
          <h1>{h.name}</h1>
          {h.protocolName && h.protocolName !== h.name ? <div className="muted">{h.protocolName}</div> : null}
        </div>
        <div className="chips">
          <span className="chip">{inspectionTypeName(h.type, lang)}</span>
          <span className="chip">{t(`status.${h.status}`)}</span>
          {h.rating ? <span className={`chip ${h.rating === 'Ok' ? 'ok' : 'nok'}`}>{t(`overall.${h.rating}`)}</span> : null}
        </div>
      </div>
      <div className="facts">
        {[
          [t('header.productFamily'), h.productFamily],
          [t('header.productModel'), h.productModel],
          [t('header.serialNumber'), h.serialNumber],
          [t('header.nickName'), h.nickName],
        ].map(([k, v]) => (
          <div key={k}>
            <div className="label">{k}</div>
            <div className="fact">{v || '–'}</div>
          </div>
        ))}
      </div>
      <div className="info">
        <div className="box">
          <div className="label">{t('header.customerBlock')}</div>
          <Fields
            items={[
              [t('header.customer'), h.customer],
              [t('header.site'), h.site],
              [t('header.contactName'), h.contactName],
              [t('header.contactPhone'), h.contactPhone],
              [t('header.contactEmail'), h.contactEmail],
            ]}
          />
        </div>
        <div className="box">
          <div className="label">{t('header.inspectionBlock')}</div>
          <Fields
            items={[
              [t('header.inspectionDate'), fmt.date(h.inspectionDate)],
              [t('header.started'), h.started != null ? fmt.dateTime(h.started) : null],
              [t('header.ended'), h.ended != null ? fmt.dateTime(h.ended) : null],
              [t('header.duration'), duration],
              [t('header.inspector'), h.inspector],
              [t('header.inspectorContact'), h.inspectorContact],
              [t('header.version'), h.version],
            ]}
          />
        </div>
      </div>
    </header>
  );
}
