import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import PendingActionsIcon from '@mui/icons-material/PendingActionsOutlined';
import { QUEUE_TEXT } from './texts';
import { useOthersWaiting, useWaitingCount } from './useQueue';

/**
 * The header's count of changes waiting to be sent ('3 changes waiting to be sent'); nothing at 0. Beside it,
 * other users' changes kept on this device until they sign in again ('2 changes by Anna Berg wait until they sign
 * in again'), so the next user knows they are there and are not theirs. (That the browser may clear what waits:
 * StorageWarning, under the navigation.)
 */
export function WaitingBadge() {
  const n = useWaitingCount();
  const others = useOthersWaiting();
  const label = QUEUE_TEXT.waiting(n);
  const othersLabel = others.map((o) => QUEUE_TEXT.othersWaiting(o.count, o.name)).join('; ');
  const othersCount = others.reduce((sum, o) => sum + o.count, 0);
  return (
    <>
      {othersCount > 0 && (
        <Tooltip title={othersLabel}>
          <Box component="span" role="status" aria-live="polite" aria-label={othersLabel} data-testid="others-waiting-badge" sx={{ display: 'inline-flex' }}>
            <Badge badgeContent={othersCount} color="default" max={999} sx={{ '& .MuiBadge-badge': { bgcolor: 'common.white', color: 'primary.main' } }}>
              <PendingActionsIcon aria-hidden />
            </Badge>
          </Box>
        </Tooltip>
      )}
      {n > 0 && (
        <Tooltip title={label}>
          <Box component="span" role="status" aria-live="polite" aria-label={label} data-testid="waiting-badge" sx={{ display: 'inline-flex' }}>
            <Badge badgeContent={n} color="warning" max={999}>
              <CloudUploadIcon aria-hidden />
            </Badge>
          </Box>
        </Tooltip>
      )}
    </>
  );
}
