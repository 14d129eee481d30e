import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import StatusIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import type { InspectionStatus, TInspectionListItem } from '@insp/contracts';
import { ActionIcon } from './ActionIcon';
import { statusLabel } from './inspectionTypes';
import { StatusDialog, type StatusTarget } from './StatusDialog';
import { useReportActions } from './useReportMutations';

type Row = Pick<TInspectionListItem, 'id' | 'name' | 'status' | 'inspectorContact'>;

/**
 * The status change of a row or the details page (000 §4): nothing on a Finished report or for someone who
 * may not change it; one target (In use → Waiting, or an Admin's Finished) opens its confirmation at once,
 * two (an Admin on an In use report) are offered in a menu first.
 */
export function StatusButton({ row, variant = 'icon', onChanged, statusTo: given }: { row: Row; variant?: 'icon' | 'button'; onChanged?: (s: InspectionStatus) => void; statusTo?: InspectionStatus[] }) {
  // `statusTo` as the server answered it (`can`, report pages); a list row works it out with the same rule.
  const fromRow = useReportActions(row).statusTo;
  const statusTo = given ?? fromRow;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<StatusTarget | null>(null);
  if (statusTo.length === 0) return null;
  const menuId = `status-to-${row.id}`;
  const choose = (to: InspectionStatus) => setTarget({ id: row.id, from: row.status, to });
  const open = (el: HTMLElement) => (statusTo.length === 1 ? choose(statusTo[0]!) : setAnchor(el));
  const menuProps = statusTo.length > 1 ? { 'aria-haspopup': 'menu' as const, 'aria-controls': anchor ? menuId : undefined } : {};
  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon label={`Change status of ${row.name}`} tip="Change status" {...menuProps} onClick={(e) => open(e.currentTarget)}>
          <StatusIcon fontSize="small" />
        </ActionIcon>
      ) : (
        <Button variant="outlined" startIcon={<StatusIcon />} {...menuProps} onClick={(e) => open(e.currentTarget)}>
          Edit status
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {statusTo.map((to) => (
          <MenuItem
            key={to}
            onClick={() => {
              setAnchor(null);
              choose(to);
            }}
          >
            {to === 'Finished' ? 'Mark finished' : `Set to ${statusLabel(to)}`}
          </MenuItem>
        ))}
      </Menu>
      <StatusDialog target={target} onClose={() => setTarget(null)} onChanged={onChanged} />
    </>
  );
}
