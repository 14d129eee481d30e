/** @jsxRuntime automatic */
import type { TReportPriorityAction } from '@insp/contracts';
import { useReport } from '../context.js';
import { Section } from './parts.js';

export function PriorityActions({ actions }: { actions: TReportPriorityAction[] }) {
  const { t } = useReport();
  if (!actions.length) return null;
  return (
    <Section title={t('sections.priorityActions')}>
      <table>
        <thead>
          <tr>
            <th style={{ width: '30%' }}>{t('priority.title')}</th>
            <th>{t('priority.description')}</th>
            <th style={{ width: '16%' }}>{t('priority.priority')}</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => (
            <tr key={a.id}>
              <td><b>{a.title}</b></td>
              <td className="text">{a.description}</td>
              <td>{a.priority}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
