/** @jsxRuntime automatic */
import type { TReportData } from '@insp/contracts';
import { useReport } from '../context.js';
import { Section } from './parts.js';

/** The equipment configurator: only for type Commission (000 §2.9); the loader leaves it null otherwise. */
export function Configurator({ entries }: { entries: TReportData['equipmentConfigurator'] }) {
  const { t, fmt } = useReport();
  if (!entries?.length) return null;
  return (
    <Section title={t('sections.configurator')}>
      <table>
        <thead>
          <tr>
            <th style={{ width: '40%' }}>{t('configurator.item')}</th>
            <th>{t('configurator.value')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={i}>
              <td>{e.key}</td>
              <td>{fmt.value(e.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
