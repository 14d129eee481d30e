import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MicIcon from '@mui/icons-material/MicNone';
import StopIcon from '@mui/icons-material/Stop';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { VoiceComment } from '../../../components/VoiceComment';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { isLocalImage } from '../formValues';
import { useLocalImages } from '../photos/localImages';
import { VOICE_TEXT } from './texts';
import { clock, useVoiceRecorder } from './useVoiceRecorder';

/**
 * A point's voice comment on a tablet (issue 23): record with the microphone (start, stop, the elapsed time shown),
 * play it back, record again or delete. A new recording is held on the device like a new photo (a 'local:' marker
 * in `voiceCommentId`) and uploaded, through the write module and its queue, before the answer that names it.
 */
export function VoiceRecorder({ id, onChange, label }: { id: string | null; onChange(next: string | null): void; label: string }) {
  const local = useLocalImages();
  const recorder = useVoiceRecorder((blob, fileName) => onChange(local.add(blob, fileName)));
  const { state } = recorder;
  const recording = state.phase === 'recording';
  const src = isLocalImage(id) ? local.get(id)?.url : undefined;
  const named = (text: string) => (
    <>
      {text}
      <VisuallyHidden>{` (${label})`}</VisuallyHidden>
    </>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, gridColumn: '1 / -1' }} data-testid="voice-recorder">
      {!recording && <VoiceComment id={id} point={label} src={src} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {recording ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={recorder.stop} sx={{ minHeight: 44 }}>
            {named(VOICE_TEXT.stop)}
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<MicIcon />} onClick={() => void recorder.start()} disabled={state.phase === 'starting'} sx={{ minHeight: 44 }}>
            {named(id ? VOICE_TEXT.recordAgain : VOICE_TEXT.record)}
          </Button>
        )}
        {id && !recording && (
          <Button variant="text" color="inherit" startIcon={<DeleteIcon />} onClick={() => onChange(null)} sx={{ minHeight: 44 }}>
            {named(VOICE_TEXT.remove)}
          </Button>
        )}
        <Typography role="status" variant="body2" sx={{ fontWeight: recording ? 600 : undefined, color: recording ? 'error.main' : 'text.secondary' }}>
          {recording ? VOICE_TEXT.recording(clock(state.seconds)) : state.phase === 'starting' ? VOICE_TEXT.starting : ''}
        </Typography>
      </Box>
      {recorder.problem && <Alert severity="warning">{recorder.problem}</Alert>}
    </Box>
  );
}
