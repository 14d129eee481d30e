/** @jsxRuntime automatic */
import type { TReportData } from '@insp/contracts';
import { useReport } from '../context.js';
import { css } from '../styles.js';
import { Header } from './Header.js';
import { RatingTable } from './RatingTable.js';
import { Category } from './Category.js';
import { Findings } from './Findings.js';
import { PriorityActions } from './PriorityActions.js';
import { OpenActions } from './OpenActions.js';
import { Configurator } from './Configurator.js';
import { Signatures } from './Signatures.js';
import { Section } from './parts.js';

/**
 * The whole report in the order of the read-only view (000 §2.9): header, summary, priority actions (then the open
 * follow-up actions of its machine, issue 24), the points by category with the extra points, findings, equipment
 * configurator, general comment, signatures.
 * The rating table goes where the protocol puts it (start, end or nowhere).
 */
export function ReportDocument({ data }: { data: TReportData }) {
  const { t, lang } = useReport();
  const h = data.header;
  const title = [t('title'), h.name, h.serialNumber].filter(Boolean).join(' · ');
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main className="page">
          <Header h={h} />
          {data.summary.trim() ? (
            <Section title={t('sections.summary')}>
              <p className="text">{data.summary}</p>
            </Section>
          ) : null}
          {data.ratingTableLocation === 'Start' ? <RatingTable data={data} /> : null}
          <PriorityActions actions={data.priorityActions} />
          <OpenActions actions={data.openActions} />
          <section>
            {data.categories.map((c) => <Category key={c.id} title={c.title} points={c.points} />)}
            <Category title={t('sections.extraPoints')} points={data.extraPoints} />
          </section>
          <Findings findings={data.findings} />
          {data.ratingTableLocation === 'End' ? <RatingTable data={data} /> : null}
          <Configurator entries={data.equipmentConfigurator} />
          {data.comment.trim() ? (
            <Section title={t('sections.comment')}>
              <p className="text">{data.comment}</p>
            </Section>
          ) : null}
          <Signatures data={data} />
        </main>
      </body>
    </html>
  );
}
