import { useController } from 'react-hook-form';
import type { TEditPointConfig, TOpenAction } from '@insp/contracts';
import type { EditValues } from '../formValues';
import { validatePoint } from '../validation';
import { PointEntry } from './PointEntry';
import { useEditable } from '../editable';
import { ConflictNotice } from '../../../edit-conflicts';
import { useFormConflict } from '../conflicts';
import { OpenActions } from './OpenActions';

export type ContentPath = `categories.${number}.points.${number}.content` | `extraPoints.${number}.content`;

/**
 * One inspection point of the report edit form: the point entry bound to the form, checked on save; under its name
 * the open actions earlier inspections of the machine left on it (issue 24).
 */
export function PointCard({ path, config, openActions }: { path: ContentPath; config: TEditPointConfig; openActions?: TOpenAction[] }) {
  const { field, fieldState } = useController<EditValues, ContentPath>({ name: path, rules: { validate: (c) => validatePoint(config, c) } });
  const editable = useEditable();
  const { conflict, dismiss } = useFormConflict(field.value.id);
  return <PointEntry config={config} value={field.value} onChange={field.onChange as (next: typeof field.value) => void} error={fieldState.error?.message} readOnly={!editable}
    notice={<>
      <OpenActions actions={openActions} />
      <ConflictNotice field={field.value.nameOverride || config.name} conflict={conflict} onDismiss={dismiss} />
    </>} />;
}
