import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit } from '@insp/contracts';
import { VoiceComment } from '../../components/VoiceComment';
import { REPORT_TEXT } from './texts';

/** Every point of the inspection that has a voice comment: its name (as the report names it), category and id. */
export function voicePoints(data: Pick<TInspectionEdit, 'categories' | 'extraPoints'>) {
  const out: { key: string; name: string; category: string; voiceCommentId: string }[] = [];
  for (const c of data.categories)
    for (const p of c.inspectionPoints)
      if (p.content.voiceCommentId) out.push({ key: `${c.id}/${p.protocolPointId}`, name: p.content.nameOverride || p.name, category: c.title, voiceCommentId: p.content.voiceCommentId });
  for (const p of data.extraPoints)
    if (p.content.voiceCommentId) out.push({ key: `extra/${p.id}`, name: p.content.nameOverride || p.name, category: '', voiceCommentId: p.content.voiceCommentId });
  return out;
}

/**
 * The details page's voice comments (issue 20): the report's HTML, in a frame without scripts and without our
 * token, cannot play them, so the points that have one are listed under it, each with a player.
 */
export function VoiceComments({ data }: { data: Pick<TInspectionEdit, 'categories' | 'extraPoints'> }) {
  const points = voicePoints(data);
  if (!points.length) return null;
  return (
    <Box component="section" aria-labelledby="voice-comments-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h2" id="voice-comments-title" sx={{ fontSize: '1.25rem' }}>
        {REPORT_TEXT.voiceComments}
      </Typography>
      {points.map((p) => (
        <VoiceComment key={p.key} id={p.voiceCommentId} point={p.category ? `${p.name} (${p.category})` : p.name} />
      ))}
    </Box>
  );
}
