/** @jsxRuntime automatic */
import type { TReportData } from '@insp/contracts';
import { useReport } from '../context.js';
import { Img, Section } from './parts.js';

/**
 * Customer and service provider signatures side by side (000 §2.9); an unsigned side says so. Under each line the
 * label, the signer (the customer's contact; the inspector) and the date the inspection ended (else its date):
 * issue 20 'each signature with the signer's name and date'. The image sits above the line, never across it.
 */
export function Signatures({ data }: { data: TReportData }) {
  const { t, fmt, imageUrl } = useReport();
  const h = data.header;
  const date = fmt.date(h.ended ?? h.inspectionDate);
  const side = (id: string | null, label: string, signer: string | null) => (
    <div className="signature">
      <div className="sig">
        {id ? <Img src={imageUrl(id)} alt={label} /> : <span className="missing">{t('signature.missing')}</span>}
      </div>
      <div className="label">{label}</div>
      {id ? (
        <div className="signer">
          {signer ? <span className="name">{signer}</span> : null}
          <span className="date">{date}</span>
        </div>
      ) : null}
    </div>
  );
  return (
    <Section title={t('sections.signatures')}>
      <div className="signatures">
        {side(data.customerSignatureImageId, t('signature.customer'), h.contactName)}
        {side(data.providerSignatureImageId, t('signature.provider'), h.inspector || null)}
      </div>
    </Section>
  );
}
