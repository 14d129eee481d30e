/** @jsxRuntime automatic */
import type { TReportFinding } from '@insp/contracts';
import { useReport } from '../context.js';
import { Fields, Section } from './parts.js';
import { Photos } from './Photos.js';

/** The findings marked to show (000 §3 Finding): what, why it matters, how to correct and prevent it. */
export function Findings({ findings }: { findings: TReportFinding[] }) {
  const { t } = useReport();
  if (!findings.length) return null;
  return (
    <Section title={t('sections.findings')}>
      {findings.map((f) => (
        <div key={f.id} className="finding">
          <h3>{f.title}</h3>
          <Fields
            items={[
              [t('finding.description'), f.description],
              [t('finding.consequence'), f.consequence],
              [t('finding.corrective'), f.corrective],
              [t('finding.preventive'), f.preventive],
            ]}
          />
          <Photos photos={f.photos} />
        </div>
      ))}
    </Section>
  );
}
