import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pageLabel } from './logs';

/** Previous / next over a log paged in SQL: only one page is ever in the browser. */
export function LogPager(props: { offset: number; amount: number; shown: number; count: number; capped?: boolean; onOffset(offset: number): void }) {
  const { offset, amount, shown, count, capped, onOffset } = props;
  const onePage = offset === 0 && shown >= count && !capped;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, py: 1 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {pageLabel(offset, shown, count, capped)}
      </Typography>
      {/* One page: nothing to move to, so no buttons that could only ever be disabled. */}
      {onePage ? null : (
        <>
          <Button size="small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - amount))}>
            Previous
          </Button>
          <Button size="small" disabled={offset + shown >= count && !capped} onClick={() => onOffset(offset + amount)}>
            Next
          </Button>
        </>
      )}
    </Box>
  );
}
