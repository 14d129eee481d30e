/** @jsxRuntime automatic */
import type { TReportData } from '@insp/contracts';
import { useReport } from '../context.js';
import { Img, Section } from './parts.js';

/** Customer and service provider signatures side by side (000 §2.9); an unsigned side says so. */
export function Signatures({ data }: { data: TReportData }) {
  const { t, imageUrl } = useReport();
  const side = (id: string | null, label: string) => (
    <div className="signature">
      <div className="sig">
        {id ? <Img src={imageUrl(id)} alt={label} /> : <span className="missing">{t('signature.missing')}</span>}
      </div>
      <div className="label">{label}</div>
    </div>
  );
  return (
    <Section title={t('sections.signatures')}>
      <div className="signatures">
        {side(data.customerSignatureImageId, t('signature.customer'))}
        {side(data.providerSignatureImageId, t('signature.provider'))}
      </div>
    </Section>
  );
}
