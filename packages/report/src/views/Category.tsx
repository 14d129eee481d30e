/** @jsxRuntime automatic */
import type { TReportPoint } from '@insp/contracts';
import { Point } from './Point.js';

/**
 * A category of the protocol (or the extra points) with its points in order; a subcategory title (001 §3) heads
 * the run of points under it, printed where that run starts.
 */
export function Category({ title, points }: { title: string; points: TReportPoint[] }) {
  if (!points.length) return null;
  return (
    <div className="category">
      <h3>{title}</h3>
      {points.map((p, i) => {
        const heading = p.subcategory && p.subcategory !== points[i - 1]?.subcategory ? p.subcategory : null;
        return [
          heading ? <h4 key={`${p.resultId}-sub`} className="subcategory">{heading}</h4> : null,
          <Point key={p.resultId} p={p} />,
        ];
      })}
    </div>
  );
}
