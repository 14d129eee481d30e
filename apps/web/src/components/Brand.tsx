import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../theme';

/** Product mark: a check in a rounded square, and the product name. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill={inverted ? '#f2a900' : '#17324d'} />
      <path d="M9 16.5l4.5 4.5L23 11.5" stroke={inverted ? '#17324d' : '#f2a900'} strokeWidth="3.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={inverted ? 28 : 36} inverted={inverted} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: inverted ? '1.05rem' : '1.2rem', letterSpacing: '-0.01em', color: inverted ? 'common.white' : 'primary.main' }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
