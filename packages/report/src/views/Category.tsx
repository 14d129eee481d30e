/** @jsxRuntime automatic */
import type { TReportPoint } from '@insp/contracts';
import { Point } from './Point.js';

/** A category of the protocol (or the extra points) with its points in order. */
export function Category({ title, points }: { title: string; points: TReportPoint[] }) {
  if (!points.length) return null;
  return (
    <div className="category">
      <h3>{title}</h3>
      {points.map((p) => <Point key={p.resultId} p={p} />)}
    </div>
  );
}
