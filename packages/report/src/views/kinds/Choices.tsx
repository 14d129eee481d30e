/** @jsxRuntime automatic */
import type { TReportPoint } from '@insp/contracts';
import { useReport } from '../../context.js';
import { Img } from '../parts.js';

/** The option group as pills, the picked one filled; a pick outside the group still shows. */
export function Selection({ p }: { p: TReportPoint }) {
  const options = p.selection && !p.options.includes(p.selection) ? [...p.options, p.selection] : p.options;
  if (!options.length) return null;
  return (
    <div className="options">
      {options.map((o, i) => (
        <span key={i} className={o === p.selection ? 'option on' : 'option'}>{o}</span>
      ))}
    </div>
  );
}

export function RangeValues({ p }: { p: TReportPoint }) {
  const { fmt } = useReport();
  if (!p.rangeValues.length) return null;
  return (
    <div>
      {p.rangeValueTitle ? <div className="label">{p.rangeValueTitle}</div> : null}
      <div className="kv">
        {p.rangeValues.map((r) => [
          <span key={`${r.id}-t`} className="muted">{r.title}</span>,
          <span key={`${r.id}-v`}><b>{fmt.value(r.value) || '–'}</b></span>,
        ])}
      </div>
    </div>
  );
}

export function MultipleChoices({ p }: { p: TReportPoint }) {
  if (!p.multipleChoices.length) return null;
  return (
    <div className="kv">
      {p.multipleChoices.map((c) => [
        <span key={`${c.id}-t`} className="muted">{c.title}</span>,
        <span key={`${c.id}-o`} className="options">
          {c.options.map((o) => <span key={o.id} className={o.selected ? 'option on' : 'option'}>{o.title}</span>)}
        </span>,
      ])}
    </div>
  );
}

/** Picked dropdown options, with their pictures unless the dropdown hides them. */
export function Dropdowns({ p }: { p: TReportPoint }) {
  const { imageUrl } = useReport();
  if (!p.dropdowns.length) return null;
  return (
    <div className="kv">
      {p.dropdowns.map((d) => [
        <span key={`${d.id}-t`} className="muted">{d.title}</span>,
        <span key={`${d.id}-o`}>
          <b>{d.selected.map((o) => o.title).join(', ') || '–'}</b>
          {!d.hideImages && d.selected.some((o) => o.imageId) ? (
            <span className="photos">
              {d.selected.filter((o) => o.imageId).map((o) => (
                <Img key={o.id} src={imageUrl(o.imageId!)} alt={o.title} width={90} height={60} style={{ objectFit: 'contain' }} />
              ))}
            </span>
          ) : null}
        </span>,
      ])}
    </div>
  );
}
