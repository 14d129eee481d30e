import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { pointTypeName, type TInspectionPointListItem } from '@insp/contracts';
import { Highlight } from './highlight';
import { OUTDATED_SX, PT } from './texts';

/**
 * One entry of the point list (001 §2): the name with the match marked, a short type label, family names and
 * language tags (warning style when outdated). Click selects, double click adds, Enter selects (Shift+Enter adds).
 */
export function PointRow(props: {
  point: TInspectionPointListItem;
  top: number;
  height: number;
  search: string;
  selected: boolean;
  onSelect?: (p: TInspectionPointListItem) => void;
  onAdd?: (p: TInspectionPointListItem) => void;
}) {
  const { point: p, top, height, search, selected, onSelect, onAdd } = props;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') (e.shiftKey && onAdd ? onAdd : onSelect)?.(p);
  };
  return (
    <Box
      role="option"
      aria-selected={selected}
      // one spoken name (the highlight splits the text into pieces some readers join without spaces)
      aria-label={[p.name, pointTypeName(p.type), ...p.familyNames, ...p.languages.map((l) => (l.outdated ? `${l.languageId} ${PT.outdated}` : l.languageId))].join(', ')}
      tabIndex={0}
      data-point-id={p.id}
      onClick={() => onSelect?.(p)}
      onDoubleClick={() => onAdd?.(p)}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute', top, left: 0, right: 0, height, px: 1.5, py: 0.5, cursor: 'pointer',
        borderBottom: 1, borderColor: 'divider', overflow: 'hidden', display: 'flex', flexDirection: 'column', justifyContent: 'center',
        bgcolor: selected ? 'action.selected' : undefined, '&:hover': { bgcolor: 'action.hover' },
        '& mark': { bgcolor: 'secondary.light', color: 'inherit', px: 0 },
      }}
    >
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        <Highlight text={p.name} search={search} />
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>{pointTypeName(p.type)}</Typography>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
          {p.familyNames.length ? `· ${p.familyNames.join(', ')}` : ''}
        </Typography>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 0.25, flexShrink: 0 }}>
          {p.languages.map((l) => (
            <Chip
              key={l.languageId}
              size="small"
              variant="outlined"
              label={l.languageId}
              title={l.outdated ? `${l.languageId}: ${PT.outdated}` : l.languageId}
              aria-label={l.outdated ? `${l.languageId} ${PT.outdated}` : l.languageId}
              sx={{ height: 18, fontSize: 11, ...(l.outdated ? OUTDATED_SX : {}) }}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
