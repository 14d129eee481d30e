/** @jsxRuntime automatic */
import type { TReportPhoto } from '@insp/contracts';
import { useReport } from '../context.js';
import { Img } from './parts.js';

/**
 * Photos in their layouts (000 §2.6, §9): Default ones side by side at 300 × 200 px, HorizontalGraph across
 * the page in a low band, Fullscreen across the page at full height. Order is kept: a run of Default photos
 * forms one row of tiles.
 */
export function Photos({ photos }: { photos: TReportPhoto[] }) {
  const { imageUrl } = useReport();
  if (!photos.length) return null;
  const groups: TReportPhoto[][] = [];
  for (const ph of photos) {
    const last = groups[groups.length - 1];
    if (ph.layout === 'Default' && last?.[0].layout === 'Default') last.push(ph);
    else groups.push([ph]);
  }
  const figure = (ph: TReportPhoto) => (
    <figure key={ph.id} className={`photo-${ph.layout}`}>
      <Img src={imageUrl(ph.imageId)} alt={ph.caption} />
      {ph.caption ? <figcaption>{ph.caption}</figcaption> : null}
    </figure>
  );
  return (
    <>
      {groups.map((g) =>
        g[0].layout === 'Default' ? <div key={g[0].id} className="photos">{g.map(figure)}</div> : figure(g[0]),
      )}
    </>
  );
}
