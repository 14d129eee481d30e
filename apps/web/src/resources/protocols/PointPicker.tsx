import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { TInspectionPointListItem } from '@insp/contracts';
// the list's own module, not the folder's index: the signed-in shell imports the index (issue 23)
import { PointList, type PointListContext } from '../inspection-points/PointList';
import { PR } from './texts';

/**
 * The point list of the create tab (001 §2: a double click adds a point to the selected category) with a button
 * that adds the selected point (issue 19: a double click selects text and does nothing on a touch screen). A click
 * or tap selects; the button names the point and is a theme button, so 44 px tall under `(pointer: coarse)`.
 */
export function PointPicker({ context, height, hasCategory, onAdd }: {
  context: PointListContext;
  height: number;
  hasCategory: boolean;
  onAdd: (point: TInspectionPointListItem) => void;
}) {
  const [picked, setPicked] = useState<TInspectionPointListItem | null>(null);
  const [hint, setHint] = useState(false);
  // a point picked before the protocol type narrowed the list is not offered (addPoint would refuse it)
  const offered = picked && (!context.pointTypes?.length || context.pointTypes.includes(picked.type)) ? picked : null;
  const add = (p: TInspectionPointListItem) => {
    setHint(!hasCategory);
    if (hasCategory) onAdd(p);
  };
  return (
    <>
      {hint ? <Alert severity="info" onClose={() => setHint(false)}>{PR.selectCategoryFirst}</Alert> : null}
      <PointList context={context} height={height} selectedId={offered?.id ?? null} onSelect={setPicked} onAdd={add} />
      <Button variant="outlined" startIcon={<AddIcon />} disabled={!offered} onClick={() => offered && add(offered)}
        sx={{ justifySelf: 'start', textAlign: 'start', overflowWrap: 'anywhere' }}>
        {offered ? PR.addPoint(offered.name) : PR.addPointNone}
      </Button>
    </>
  );
}
