/** @jsxRuntime automatic */
import type { TOpenAction } from '@insp/contracts';
import { useReport } from '../context.js';
import { Section } from './parts.js';

/** 2026-12-01 → 01.12.2026: day.month.year whatever the language (spec 000 §9), as the report's other dates. */
const day = (ymd: string) => ymd.split('-').reverse().join('.');

/**
 * Issue 24: the open follow-up actions of the report's equipment (docs/decisions.md "Open actions with the
 * inspection"): the point, what to do (the reason in words when no text was written), when it was found, the due
 * date with Overdue in words, who does it. No section when there are none.
 */
export function OpenActions({ actions }: { actions: TOpenAction[] }) {
  const { t, fmt } = useReport();
  if (!actions.length) return null;
  const why = (a: TOpenAction) => {
    const words = a.reason === 'OutOfLimits' ? t('openAction.outOfLimits') : t(`rating.${a.reason}`);
    return a.value ? `${words}: ${fmt.value(a.value)}` : words;
  };
  return (
    <Section title={t('sections.openActions')} className="open-actions">
      <table>
        <thead>
          <tr>
            <th style={{ width: '22%' }}>{t('openAction.point')}</th>
            <th>{t('openAction.text')}</th>
            <th style={{ width: '13%' }}>{t('openAction.found')}</th>
            <th style={{ width: '14%' }}>{t('openAction.due')}</th>
            <th style={{ width: '16%' }}>{t('openAction.assignee')}</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => (
            <tr key={a.id}>
              <td><b>{a.pointName}</b></td>
              <td>
                {a.text.trim() ? <p className="text">{a.text}</p> : null}
                <span className="muted small">{why(a)}</span>
              </td>
              <td>{fmt.date(a.inspectionDate)}</td>
              <td>
                {a.dueOn ? day(a.dueOn) : '—'}
                {a.overdue ? <><br /><b className="overdue">{t('openAction.overdue')}</b></> : null}
              </td>
              <td>{a.assigneeName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
