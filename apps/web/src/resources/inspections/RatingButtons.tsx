import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import type { InspectionRating, TInspectionListItem } from '@insp/contracts';
import { ActionIcon } from './ActionIcon';
import { useReportActions, useReportMutations } from './useReportMutations';

type Row = Pick<TInspectionListItem, 'id' | 'name' | 'status' | 'inspectorContact' | 'rating'>;

/** The rating as text, for those who may not rate and for open reports. */
export function RatingValue({ rating }: { rating: InspectionRating | null }) {
  if (!rating) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: rating === 'Ok' ? 'success.dark' : 'error.dark' }}>
      {rating === 'Ok' ? <ThumbUpIcon fontSize="small" aria-hidden /> : <ThumbDownIcon fontSize="small" aria-hidden />}
      <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
        {rating}
      </Typography>
    </Box>
  );
}

/**
 * spec 000 §2.3, §6: thumbs up sends Ok, thumbs down Nok, for an Admin or the Rater flag on a report that is
 * neither In use nor Waiting. The pressed thumb is the stored rating; it moves when the server answers 200.
 */
export function RatingButtons({ row }: { row: Row }) {
  const { rate: allowed } = useReportActions(row);
  const { rate } = useReportMutations();
  if (!allowed) return <RatingValue rating={row.rating} />;
  const busy = rate.isPending;
  const send = (rating: InspectionRating) => !busy && row.rating !== rating && rate.mutate({ id: row.id, rating });
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.25, whiteSpace: 'nowrap' }}>
      <ActionIcon label={`Rate ${row.name} Ok`} tip="Ok" aria-pressed={row.rating === 'Ok'} aria-disabled={busy} onClick={() => send('Ok')} sx={{ color: row.rating === 'Ok' ? 'success.dark' : undefined }}>
        {row.rating === 'Ok' ? <ThumbUpIcon fontSize="small" /> : <ThumbUpOutlinedIcon fontSize="small" />}
      </ActionIcon>
      <ActionIcon label={`Rate ${row.name} Nok`} tip="Nok" aria-pressed={row.rating === 'Nok'} aria-disabled={busy} onClick={() => send('Nok')} sx={{ color: row.rating === 'Nok' ? 'error.dark' : undefined }}>
        {row.rating === 'Nok' ? <ThumbDownIcon fontSize="small" /> : <ThumbDownOutlinedIcon fontSize="small" />}
      </ActionIcon>
    </Box>
  );
}
