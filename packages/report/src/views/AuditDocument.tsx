/** @jsxRuntime automatic */
import type { TAuditReportData } from '@insp/contracts';
import { useReport } from '../context.js';
import { css } from '../styles.js';
import { Category } from './Category.js';
import { Configurator } from './Configurator.js';
import { Fields, Section } from './parts.js';

type Run = TAuditReportData['runs'][number];
const SUGGESTION_TYPES = ['OptimizationTarget', 'ShortTerm', 'LongTerm'] as const;
const PLANT = ['Audit_Site', 'Audit_Site_Operational'];
const SCREENS = ['Audit_Screen'];

/** One run: its stage, protocol and machine, then its points by category, extra points and configurator. */
function RunSection({ run }: { run: Run }) {
  const { t } = useReport();
  const h = run.report.header;
  const title = [run.stage ? t(`audit.${run.stage}`) : null, run.protocolName ?? h.name].filter(Boolean).join(' · ');
  const machine = [h.productFamily, h.productModel, h.serialNumber ?? h.nickName].filter(Boolean).join(' · ');
  return (
    <div className="audit-run">
      <h3 className="run-title">{title}</h3>
      {machine ? <div className="muted">{machine}</div> : null}
      {run.report.categories.map((c) => <Category key={c.id} title={c.title} points={c.points} />)}
      <Category title={t('sections.extraPoints')} points={run.report.extraPoints} />
      <Configurator entries={run.report.equipmentConfigurator} />
    </div>
  );
}

/**
 * The audit report (000 §7 reporthtml/reportpdf, issue 8): the audit's facts, summary, action points in their three
 * lists, the plant (site and operational runs), crushers and screens — only runs included in the report — and the
 * public comment. Internal comments never appear. Runs reuse the inspection report's category and point views.
 */
export function AuditDocument({ data }: { data: TAuditReportData }) {
  const { t, fmt, lang } = useReport();
  const a = data.audit;
  const groups: [string, Run[]][] = [
    [t('audit.plant'), data.runs.filter((r) => PLANT.includes(r.kind))],
    [t('audit.crushers'), data.runs.filter((r) => !PLANT.includes(r.kind) && !SCREENS.includes(r.kind))],
    [t('audit.screens'), data.runs.filter((r) => SCREENS.includes(r.kind))],
  ];
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{[t('audit.title'), a.name].join(' · ')}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main className="page">
          <header>
            <div className="masthead">
              <div>
                <div className="kicker">{t('audit.title')}</div>
                <h1>{a.name}</h1>
              </div>
            </div>
            <div className="info">
              <div className="box">
                <div className="label">{t('header.customerBlock')}</div>
                <Fields items={[[t('header.customer'), a.customer], [t('header.site'), a.site], [t('header.contactName'), a.contactName], [t('header.contactPhone'), a.contactPhone], [t('header.contactEmail'), a.contactEmail]]} />
              </div>
              <div className="box">
                <div className="label">{t('audit.kicker')}</div>
                <Fields items={[[t('header.inspectionDate'), fmt.date(a.inspectionDate)], [t('header.inspector'), a.inspector], [t('header.inspectorContact'), a.inspectorContact]]} />
              </div>
            </div>
          </header>
          {a.summary.trim() ? (
            <Section title={t('sections.summary')}>
              <p className="text">{a.summary}</p>
            </Section>
          ) : null}
          {data.suggestions.length ? (
            <Section title={t('audit.suggestions')}>
              {SUGGESTION_TYPES.map((type) => {
                const list = data.suggestions.filter((s) => s.type === type);
                return list.length ? (
                  <div key={type} className="suggestions">
                    <h3>{t(`audit.${type}`)}</h3>
                    <ul>{list.map((s, i) => <li key={i} className="text">{s.text}</li>)}</ul>
                  </div>
                ) : null;
              })}
            </Section>
          ) : null}
          {groups.map(([title, runs]) =>
            runs.length ? (
              <Section key={title} title={title}>
                {runs.map((r) => <RunSection key={r.id} run={r} />)}
              </Section>
            ) : null,
          )}
          {data.runs.length ? null : <p className="muted">{t('audit.noRuns')}</p>}
          {a.comment.trim() ? (
            <Section title={t('sections.comment')}>
              <p className="text">{a.comment}</p>
            </Section>
          ) : null}
        </main>
      </body>
    </html>
  );
}
