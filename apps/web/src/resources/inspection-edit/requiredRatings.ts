import type { TInspectionEdit } from '@insp/contracts';
import type { EditValues } from './formValues';

/**
 * Issue 20: the points of the form whose rating is required and not given, by name, in the form's order: the same
 * rule as the server's (services/api/src/domains/inspections/required-ratings.ts). A point the protocol marks
 * optional is left out; Not applicable is a rating.
 */
export function missingRatings(data: TInspectionEdit, values: EditValues): string[] {
  const needs = (p: { ratingField: { present: boolean; required: boolean } }, rating: string) => p.ratingField.present && p.ratingField.required && rating === 'NotSet';
  const inCategories = data.categories.flatMap((c, ci) =>
    c.inspectionPoints.flatMap((p, pi) => (!p.optional && needs(p, values.categories[ci]?.points[pi]?.content.rating ?? 'NotSet') ? [p.name] : [])));
  const extras = data.extraPoints.flatMap((p, i) => (needs(p, values.extraPoints[i]?.content.rating ?? 'NotSet') ? [p.name] : []));
  return [...inCategories, ...extras];
}
