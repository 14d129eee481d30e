import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AuthImage } from './AuthImage';
import { configuratorRows } from './format';
import { Fields, Section } from './parts';
import { TEXT } from './texts';

/** The equipment configurator as item/value rows; the page shows it only for type Commission (000 §2.9). */
export function Configurator({ value }: { value: unknown }) {
  const rows = configuratorRows(value);
  return (
    <Section title={TEXT.configurator}>
      {rows.length ? <Fields items={rows.map((r) => [r.key, r.value])} testId="configurator" /> : <Typography color="text.secondary">{TEXT.none}</Typography>}
    </Section>
  );
}

/** The customer's and the provider's signatures side by side (000 §2.9); an unsigned side says so. */
export function Signatures({ customer, provider }: { customer: string | null; provider: string | null }) {
  const side = (imageId: string | null, label: string) => (
    <Box component="figure" sx={{ m: 0 }} data-testid="signature">
      {imageId ? (
        <AuthImage imageId={imageId} alt={label} width={300} height={150} />
      ) : (
        <Box sx={{ width: 300, maxWidth: '100%', height: 150, display: 'flex', alignItems: 'center', justifyContent: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography color="text.secondary">{TEXT.notSigned}</Typography>
        </Box>
      )}
      <Typography component="figcaption" sx={{ mt: 0.5 }}>
        {label}
      </Typography>
    </Box>
  );
  return (
    <Section title={TEXT.signatures}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        {side(customer, TEXT.customerSignature)}
        {side(provider, TEXT.providerSignature)}
      </Box>
    </Section>
  );
}
