import type { ReactElement, ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { DataTable, List, type Identifier, type RaRecord } from 'react-admin';
import { listProps } from '../../components/listProps';
import { tableSx } from '../../resources/inspections/ReportList';

// 000 §9: the own-items variant asks for mineOnly and 10 a page; newest inspection first.
const OWN_ITEMS_PER_PAGE = 10;
const mine = { mineOnly: true };

/**
 * My page's own-items list (My reports, My audits): the resource's list with mineOnly, 10 a page, newest first, its
 * search always shown and no other controls; the page and search stay out of the address (the address is My page's).
 * A row click calls `open`.
 */
export function OwnItemsList<R extends RaRecord>(props: {
  resource: string;
  search: ReactElement[];
  emptyText: string;
  open: (id: Identifier, row: R) => void;
  children: ReactNode;
}) {
  return (
    <List
      {...listProps}
      perPage={OWN_ITEMS_PER_PAGE}
      resource={props.resource}
      title={false}
      filter={mine}
      filters={props.search}
      actions={false}
      disableSyncWithLocation
      sort={{ field: 'inspectionDate', order: 'DESC' }}
      empty={false}
    >
      <DataTable<R>
        bulkActionButtons={false}
        sx={tableSx}
        empty={<Typography sx={{ p: 2 }}>{props.emptyText}</Typography>}
        rowClick={(id, _resource, row) => {
          props.open(id, row as R);
          return false;
        }}
      >
        {props.children}
      </DataTable>
    </List>
  );
}
