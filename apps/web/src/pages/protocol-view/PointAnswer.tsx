import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PointRatingLabels, type TEditPoint } from '@insp/contracts';
import { VoiceComment } from '../../components/VoiceComment';
import { Photos } from './AuthImage';
import { Fields } from './parts';
import { TEXT } from './texts';

type Point = Pick<TEditPoint, 'name' | 'inspectionPointId' | 'ratingField' | 'measurementTitle' | 'unitValue' | 'rangeValues' | 'multipleChoices' | 'dropdowns' | 'optionGroup' | 'content'>;

/** Titles of every range value a point may have answered: its own, and the follow-ups of its options. */
function rangeTitles(p: Point) {
  const titles = new Map(p.rangeValues.map((r) => [r.id, r.title]));
  const followUps = [...(p.optionGroup?.options ?? []), ...p.multipleChoices.flatMap((c) => c.options), ...p.dropdowns.flatMap((d) => d.options)];
  for (const o of followUps) if (o.followUpRangeValue) titles.set(o.followUpRangeValue.id, o.followUpRangeValue.title);
  return titles;
}

/** What was recorded for one point: rating, selection, value, picks, range values, table, comment, photos. */
export function PointAnswer({ point }: { point: Point }) {
  const c = point.content;
  const name = point.inspectionPointId === null ? TEXT.pointNotFound : c.nameOverride || point.name;
  const rating = point.ratingField.present ? PointRatingLabels[c.rating] : undefined;
  const ranges = rangeTitles(point);
  const picks = (lists: { id: string; title: string; options: { id: string; title: string }[] }[], answers: { id: string; selected: string[] }[]) =>
    answers.flatMap((a): [string, string][] => {
      const list = lists.find((l) => l.id === a.id);
      return list ? [[list.title, list.options.filter((o) => a.selected.includes(o.id)).map((o) => o.title).join(', ')]] : [];
    });
  const items: [string, string | null][] = [
    ...(c.selection ? [[TEXT.selection, c.selection] as [string, string]] : []),
    ...(c.value ? [[point.measurementTitle || TEXT.value, [c.value, point.unitValue].filter(Boolean).join(' ')] as [string, string]] : []),
    ...picks(point.multipleChoices, c.multipleChoices.map((a) => ({ id: a.multipleChoiceId, selected: a.selectedOptionIds }))),
    ...picks(point.dropdowns, c.dropdowns.map((a) => ({ id: a.dropdownId, selected: a.selectedOptionIds }))),
    ...c.rangeValues.map((r): [string, string | null] => [ranges.get(r.rangeValueId) ?? TEXT.value, r.value]),
    ...(c.comment ? [[TEXT.comment, c.comment] as [string, string]] : []),
  ];
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }} data-testid="point">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography component="h4" sx={{ fontWeight: 600, flex: 1 }}>
          {name}
        </Typography>
        {rating && <Chip size="small" label={rating} aria-label={`${TEXT.rating}: ${rating}`} />}
      </Box>
      {!c.id ? (
        <Typography color="text.secondary">{TEXT.notAnswered}</Typography>
      ) : (
        <>
          {items.length > 0 && <Fields items={items} />}
          <ResultTable content={c} />
          <VoiceComment id={c.voiceCommentId} point={name} />
          <Photos photos={c.photos} />
        </>
      )}
    </Box>
  );
}

/** A table point's cells: one row per table row, one column per field. */
function ResultTable({ content }: { content: Point['content'] }) {
  if (!content.fields.length || !content.rows.length) return null;
  return (
    <Box sx={{ overflowX: 'auto', mt: 1 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            {content.fields.map((f) => (
              <TableCell key={f.id}>{f.title}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {content.rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row">
                {r.title}
              </TableCell>
              {content.fields.map((f) => (
                <TableCell key={f.id}>{r.values.find((v) => v.fieldId === f.id)?.value ?? ''}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
