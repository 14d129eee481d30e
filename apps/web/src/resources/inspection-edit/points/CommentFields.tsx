import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { EDIT_LIMITS } from '@insp/contracts';
import { VoiceComment } from '../../../components/VoiceComment';
import { EDIT_TEXT } from '../texts';
import { VoiceRecorder } from '../voice/VoiceRecorder';
import type { PointKindProps } from './types';

/** The point's public comment and internal comment (the internal one never reaches the customer's report), and its voice comment. */
export function CommentFields({ config, value, onChange, label, readOnly = false }: Omit<PointKindProps, 'disabled'> & { readOnly?: boolean }) {
  const field = (key: 'comment' | 'internalComment', title: string) => (
    <TextField
      multiline
      minRows={2}
      label={title}
      value={value[key]}
      disabled={readOnly}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.longText, 'aria-label': `${title}: ${label}` } }}
    />
  );
  // Comment points (type Comment) are nothing but their comment: shown even if the flag says otherwise.
  const showComment = config.commentField.present || config.type === 'Comment';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {showComment && field('comment', EDIT_TEXT.comment)}
      {config.internalCommentField.present && field('internalComment', EDIT_TEXT.internalComment)}
      {/* Issue 23: recorded, replaced or deleted here where the point has the field; otherwise only played (issue 20). */}
      {config.voiceCommentField.present && !readOnly
        ? <VoiceRecorder id={value.voiceCommentId} label={label} onChange={(voiceCommentId) => onChange({ ...value, voiceCommentId })} />
        : <VoiceComment id={value.voiceCommentId} point={label} />}
    </Box>
  );
}
