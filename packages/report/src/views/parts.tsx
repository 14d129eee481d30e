/** @jsxRuntime automatic */
import type { CSSProperties, ReactNode } from 'react';
import type { PointRatingName } from '@insp/contracts';
import { useReport } from '../context.js';
import { RATING_COLOURS } from '../styles.js';

/** The five ratings a report writes in words (000 §3); Obsolete and NotSet show nothing. */
export const RATED = ['Ok', 'Follow', 'Repair', 'ImmediateAction', 'NotApplicable'] as const;
export type Rated = (typeof RATED)[number];
export const isRated = (r: PointRatingName): r is Rated => (RATED as readonly string[]).includes(r);

/** The colour of a rating as a CSS variable the styles pick up (border, badge). */
export const ratingStyle = (r: PointRatingName) => (isRated(r) ? ({ '--c': RATING_COLOURS[r] } as CSSProperties) : undefined);

export function RatingBadge({ rating }: { rating: PointRatingName }) {
  const { t } = useReport();
  if (!isRated(rating)) return null;
  return <span className="badge" style={ratingStyle(rating)}>{t(`rating.${rating}`)}</span>;
}

export function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Label and value pairs, leaving out the empty ones. */
export function Fields({ items, className }: { items: [string, ReactNode][]; className?: string }) {
  const shown = items.filter(([, v]) => v != null && v !== '');
  if (!shown.length) return null;
  return (
    <dl className={className}>
      {shown.map(([k, v]) => [<dt key={`${k}-t`}>{k}</dt>, <dd key={`${k}-d`}>{v}</dd>])}
    </dl>
  );
}

/**
 * Every image of the report. fetchPriority low: React 19 otherwise adds a preload link per image to the head
 * (for the PDF's data URLs it would not, but the HTML view would fetch everything twice as eagerly). Not
 * loading=lazy: a printer must load every image before it prints.
 */
export function Img(props: { src: string; alt: string; width?: number; height?: number; className?: string; style?: CSSProperties }) {
  return <img {...props} fetchPriority="low" />;
}
