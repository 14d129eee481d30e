/**
 * The report's only stylesheet, inlined in the document (no fetches, no scripts): the PDF printer and a
 * sandboxed HTML view render the same thing. Print: A4, 12 mm margins, blocks kept whole across pages.
 */
/** Rating colours: white badge text on each keeps a contrast of at least 4.5:1 (WCAG AA). */
export const RATING_COLOURS = {
  Ok: '#2e7d32',
  Follow: '#8a5a00',
  Repair: '#b23c00',
  ImmediateAction: '#c62828',
  NotApplicable: '#546e7a',
} as const;

export const css = `
@page { size: A4; margin: 12mm 12mm 14mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Helvetica Neue", Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif;
  font-size: 10pt; line-height: 1.4; color: #1d2733; background: #fff; }
.page { max-width: 186mm; margin: 0 auto; padding: 8mm 0; }
@media print { .page { padding: 0; max-width: none; } }
h1 { font-size: 19pt; margin: 0; line-height: 1.2; }
h2 { font-size: 12.5pt; margin: 0 0 3mm; padding-bottom: 1.5mm; border-bottom: 2px solid #0b5c8a; color: #0b3d5c;
  break-after: avoid; page-break-after: avoid; }
h3 { font-size: 10.5pt; margin: 0; }
section { margin-top: 7mm; }
.text { white-space: pre-wrap; margin: 0; }
.muted { color: #5d6b79; }
.small { font-size: 8.5pt; }
.overdue { color: #c62828; }
.label { color: #5d6b79; font-size: 8.5pt; text-transform: uppercase; letter-spacing: .03em; }

.masthead { display: flex; justify-content: space-between; align-items: flex-end; gap: 6mm;
  border-bottom: 4px solid #0b5c8a; padding-bottom: 3mm; }
.masthead .kicker { color: #0b5c8a; font-weight: 700; font-size: 9pt; text-transform: uppercase; letter-spacing: .08em; }
.chips { display: flex; gap: 2mm; flex-wrap: wrap; justify-content: flex-end; }
.chip { border: 1px solid #b8c4cf; border-radius: 10px; padding: .5mm 2.5mm; font-size: 8.5pt; white-space: nowrap; }
.chip.ok { background: #2e7d32; border-color: #2e7d32; color: #fff; font-weight: 700; }
.chip.nok { background: #c62828; border-color: #c62828; color: #fff; font-weight: 700; }
.facts { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin-top: 4mm; padding: 2.5mm 3mm;
  background: #0b3d5c; color: #fff; border-radius: 2mm; }
.facts .label { color: #b9d3e6; }
.fact { font-size: 11.5pt; font-weight: 700; overflow-wrap: anywhere; }
.info { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; margin-top: 3mm; }
.info .box { background: #f3f6f9; border: 1px solid #dde4ea; border-radius: 2mm; padding: 2.5mm 3mm; }
.info dl { margin: 1.5mm 0 0; display: grid; grid-template-columns: minmax(26mm, max-content) 1fr; gap: .6mm 3mm; font-size: 9pt; }
.info dt { color: #5d6b79; }
.info dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }

table { width: 100%; border-collapse: collapse; font-size: 9pt; }
th, td { border: 1px solid #d5dde5; padding: 1.2mm 2mm; text-align: left; vertical-align: top; }
th { background: #eef2f6; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr { break-inside: avoid; page-break-inside: avoid; }
.ratings td.num { width: 15%; }
.ratings .zero { color: #6b7884; }
.ratings tfoot td { font-weight: 700; background: #f3f6f9; }
.ratings th.rate { text-align: right; border-top: 3px solid var(--c); }

.audit-run { margin-top: 6mm; }
.audit-run > .run-title { font-size: 12pt; margin: 0 0 1mm; color: #0b3d5c; break-after: avoid; page-break-after: avoid; }
.audit-run > .run-title + .muted { break-after: avoid; page-break-after: avoid; }
.suggestions > h3 { font-size: 10.5pt; margin: 3mm 0 1mm; }
.suggestions ul { margin: 0; padding-left: 5mm; }
.category { margin-top: 6mm; }
.category > h3 { font-size: 11pt; background: #0b5c8a; color: #fff; padding: 1.5mm 3mm; border-radius: 1.5mm 1.5mm 0 0;
  break-after: avoid; page-break-after: avoid; }
.category > .subcategory { font-size: 10pt; color: #0b3d5c; margin: 4mm 0 0; padding-bottom: .8mm; border-bottom: 1.5px solid #0b5c8a;
  break-after: avoid; page-break-after: avoid; }
.point { border: 1px solid #dde4ea; border-left: 4px solid var(--c, #b8c4cf); padding: 2.5mm 3mm; margin-top: 2mm;
  break-inside: avoid; page-break-inside: avoid; }
.point.big { break-inside: auto; page-break-inside: auto; }
.point-head { display: flex; justify-content: space-between; gap: 4mm; align-items: flex-start; break-after: avoid; page-break-after: avoid; }
.point-body > :first-child { break-before: avoid; page-break-before: avoid; }
.point-name { font-weight: 700; }
.point-desc { color: #5d6b79; font-size: 8.5pt; margin-top: .5mm; }
.point-body { margin-top: 1.5mm; }
.point-body > * + * { margin-top: 1.5mm; }
.badge { display: inline-block; white-space: nowrap; font-size: 8.5pt; font-weight: 700; padding: .6mm 2.5mm; border-radius: 10px;
  color: #fff; background: var(--c); }
.options { display: flex; gap: 1.5mm; flex-wrap: wrap; }
.option { border: 1px solid #c9d3dc; border-radius: 1mm; padding: .2mm 2mm; color: #5d6b79; font-size: 8.5pt; }
.option.on { border-color: #0b5c8a; background: #0b5c8a; color: #fff; font-weight: 700; }
.value { font-size: 11pt; font-weight: 700; }
.mark { color: #c62828; font-weight: 700; }
.mark.soft { color: #b23c00; }
.cell-mark { font-size: 7.5pt; margin-left: 1mm; }
td.out { background: #fff4e5; }
td.critical { background: #fdecea; }
td.agg, th.agg { background: #f3f6f9; font-weight: 700; }
.prev { display: block; color: #5d6b79; font-size: 7.5pt; font-weight: 400; }
.comment { background: #fafbfc; border-left: 2px solid #c9d3dc; padding: 1mm 2.5mm; }
.kv { display: grid; grid-template-columns: auto 1fr; gap: .5mm 3mm; }

.photos { display: flex; flex-wrap: wrap; gap: 3mm; margin-top: 2mm; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure img { display: block; background: #eef2f6; border: 1px solid #dde4ea; object-fit: contain; }
figcaption { font-size: 8pt; color: #5d6b79; margin-top: .8mm; }
.photo-Default img { width: 300px; height: 200px; max-width: 100%; }
.photo-Default { width: 300px; max-width: 100%; }
.photo-HorizontalGraph { margin-top: 2mm; }
.photo-HorizontalGraph img { width: 100%; height: 55mm; }
.photo-Fullscreen { margin-top: 2mm; }
.photo-Fullscreen img { width: 100%; height: auto; max-height: 230mm; min-height: 90mm; }

.finding { border: 1px solid #dde4ea; border-top: 3px solid #e65100; padding: 2.5mm 3mm; margin-top: 3mm;
  break-inside: avoid; page-break-inside: avoid; }
.finding dl { display: grid; grid-template-columns: 38mm 1fr; gap: 1mm 3mm; margin: 2mm 0 0; }
.finding dd { margin: 0; white-space: pre-wrap; }

.trend { margin-top: 2mm; break-inside: avoid; page-break-inside: avoid; }
.trend svg { width: 100%; height: auto; display: block; }
.legend { display: flex; gap: 4mm; flex-wrap: wrap; font-size: 8pt; color: #5d6b79; margin-top: 1mm; }
.legend i { display: inline-block; width: 4mm; height: 1mm; vertical-align: middle; margin-right: 1mm; }
.estimate { font-size: 9pt; margin-top: 1mm; }

.signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 10mm; break-inside: avoid; page-break-inside: avoid; }
.signature .sig { height: 32mm; padding-bottom: 2mm; box-sizing: border-box; border-bottom: 1px solid #1d2733; display: flex; align-items: flex-end; justify-content: center; overflow: hidden; }
.signature img { max-height: 100%; max-width: 100%; object-fit: contain; display: block; }
.signature .signer { display: flex; justify-content: space-between; gap: 4mm; color: #1d2733; }
.signature .signer .name { font-weight: 600; }
.signature .missing { color: #5d6b79; font-style: italic; margin-bottom: 2mm; }
.signature .label { margin-top: 1mm; }
`;
