import Box from '@mui/material/Box';
import type { TInspectionEdit } from '@insp/contracts';
import { Section } from './Section';
import { SignatureField } from './SignatureField';
import { EDIT_TEXT } from './texts';

/** The customer's and the provider's signatures (000 §2.9), drawn by finger or mouse. */
export function Signatures({ data }: { data: TInspectionEdit }) {
  return (
    <Section title={EDIT_TEXT.signatures}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <SignatureField name="customerSignature" label={EDIT_TEXT.customerSignature} saved={data.customerSignature} />
        <SignatureField name="providerSignature" label={EDIT_TEXT.providerSignature} saved={data.providerSignature} />
      </Box>
    </Section>
  );
}
