import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAuthorizedFileUrl } from '../lib/useAuthorizedFileUrl';

/** An object URL of a voice comment (GET api/v1/voicecomment/{id}/file, with the token); null while loading or when it failed. */
export const useVoiceCommentUrl = (id: string | null | undefined): string | null =>
  useAuthorizedFileUrl(id ? `/api/v1/voicecomment/${encodeURIComponent(id)}/file` : null);

export const voiceLabel = (point: string) => `Voice comment: ${point}`;

/**
 * A point's voice comment (000 §3 Point result voiceCommentId) with the browser's own player: keyboard and screen
 * reader support come with it, and it is named by a visible label. Nothing is shown when the file cannot be read.
 */
export function VoiceComment({ id, point, src }: {
  id: string | null | undefined;
  point: string;
  /** A recording not uploaded yet (issue 23): played from the device instead of the server. */
  src?: string;
}) {
  const fetched = useVoiceCommentUrl(src ? null : id);
  const url = src ?? fetched;
  const labelId = useId();
  if (!id || !url) return null;
  return (
    <Box component="figure" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="voice-comment">
      <Typography component="figcaption" variant="body2" id={labelId}>
        {voiceLabel(point)}
      </Typography>
      {/* Native controls are at least 44 px tall in Chromium and Safari: touch targets on a tablet. */}
      <Box component="audio" controls preload="metadata" src={url} aria-labelledby={labelId} sx={{ width: '100%', maxWidth: 420, minHeight: 44 }} />
    </Box>
  );
}
