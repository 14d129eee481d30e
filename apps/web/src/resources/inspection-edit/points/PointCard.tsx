import { useController } from 'react-hook-form';
import type { TEditPointConfig } from '@insp/contracts';
import type { EditValues } from '../formValues';
import { validatePoint } from '../validation';
import { PointEntry } from './PointEntry';
import { useEditable } from '../editable';
import { ConflictNotice } from '../../../edit-conflicts';
import { useFormConflict } from '../conflicts';

export type ContentPath = `categories.${number}.points.${number}.content` | `extraPoints.${number}.content`;

/** One inspection point of the report edit form: the point entry bound to the form, checked on save. */
export function PointCard({ path, config }: { path: ContentPath; config: TEditPointConfig }) {
  const { field, fieldState } = useController<EditValues, ContentPath>({ name: path, rules: { validate: (c) => validatePoint(config, c) } });
  const editable = useEditable();
  const { conflict, dismiss } = useFormConflict(field.value.id);
  return <PointEntry config={config} value={field.value} onChange={field.onChange as (next: typeof field.value) => void} error={fieldState.error?.message} readOnly={!editable}
    notice={<ConflictNotice field={field.value.nameOverride || config.name} conflict={conflict} onDismiss={dismiss} />} />;
}
