import type { TEditPointConfig } from '@insp/contracts';
import type { ContentValue } from '../formValues';

/** What every point kind's inputs receive: the point's configuration and its answer, controlled. */
export interface PointKindProps {
  config: TEditPointConfig;
  value: ContentValue;
  onChange(next: ContentValue): void;
  /** Not applicable (000 §2.6): the options are disabled. */
  disabled: boolean;
  /** The point's name, for accessible names of its controls. */
  label: string;
}

/** A range value's answer, and the list with one answer changed (range values and follow-ups share the list). */
export const rangeValue = (list: ContentValue['rangeValues'], id: string) => list.find((r) => r.rangeValueId === id)?.value ?? '';
export const withRangeValue = (list: ContentValue['rangeValues'], id: string, value: string) =>
  list.some((r) => r.rangeValueId === id) ? list.map((r) => (r.rangeValueId === id ? { ...r, value } : r)) : [...list, { rangeValueId: id, value }];
