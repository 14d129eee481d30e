import { useQuery } from '@tanstack/react-query';
import { FormDataConsumer, SelectInput } from 'react-admin';
import { trpc } from '../../providers/trpc';

/** Product family, then a model of that family (the model list is filtered by the chosen family). */
export function FamilyModelInputs() {
  const families = useQuery(trpc.productFamilies.all.queryOptions());
  const all = families.data ?? [];
  return (
    <>
      <SelectInput
        source="productFamilyId"
        label="Product family"
        choices={all}
        optionText="name"
        isPending={families.isPending}
        emptyText="(none)"
        parse={(v) => v || null}
      />
      <FormDataConsumer<{ productFamilyId?: string | null }>>
        {({ formData }) => (
          <SelectInput
            source="productModelId"
            label="Product model"
            choices={all.find((f) => f.id === formData.productFamilyId)?.productModels ?? []}
            optionText="name"
            disabled={!formData.productFamilyId}
            emptyText="(none)"
            parse={(v) => v || null}
          />
        )}
      </FormDataConsumer>
    </>
  );
}
