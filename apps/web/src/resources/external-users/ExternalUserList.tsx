import { formatDate } from '../../lib/dates';
import { BooleanField, CreateButton, DataTable, FunctionField, List, SearchInput, TextField, TopToolbar } from 'react-admin';
import Box from '@mui/material/Box';
import type { TExternalUser } from '@insp/contracts';
import { RangePagination } from '../../components/RangePagination';
import { LIST_PER_PAGE, SEARCH_DEBOUNCE_MS } from '../../components/listDefaults';
import { ActivateRowButton, DeleteRowButton, SendPasswordLinkButton } from './RowActions';
import { useStaff } from './useStaff';
import { StaffAccountsLink } from '../staff-accounts/StaffAccountsLink';

// A tablet held upright (820 px, below md): narrower cell padding, e-mail addresses that wrap after the @
// and icon row buttons (RowActions), so the table fits without sideways scrolling; below lg the labelled
// buttons stack.
const tabletFit = { '& .MuiTableCell-root': { px: { xs: 1, md: 2 } }, '& td.column-email': { overflowWrap: 'break-word' } };

/** The address with a line-break opportunity after the @ below md (a narrow column wraps there, not mid-word). */
const emailWithBreak = (r: TExternalUser) => {
  const at = r.email.lastIndexOf('@');
  if (at < 0) return r.email;
  return (
    <>
      {r.email.slice(0, at + 1)}
      <Box component="wbr" sx={{ display: { md: 'none' } }} />
      {r.email.slice(at + 1)}
    </>
  );
};

const statusText: Record<TExternalUser['status'], string> = { passwordNotSet: 'Password not set', active: 'Active', expired: 'Expired' };

/** /ExternalUsers (staff) and /UserManagement (distributor admins, own company only): search, list, add; a row click edits. */
export function ExternalUserList() {
  const staff = useStaff();
  return (
    <List
      title={staff ? 'Distributors' : 'Users'}
      perPage={LIST_PER_PAGE}
      debounce={SEARCH_DEBOUNCE_MS}
      // spec 002 §9: external users sort by name descending by default.
      sort={{ field: 'name', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search" />]}
      actions={
        <TopToolbar>
          <StaffAccountsLink />
          <CreateButton label="Add" />
        </TopToolbar>
      }
      pagination={<RangePagination />}
      empty={false}
    >
      <DataTable rowClick="edit" bulkActionButtons={false} sx={tabletFit}>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="E-mail">
          <FunctionField<TExternalUser> source="email" render={emailWithBreak} />
        </DataTable.Col>
        {staff && (
          <DataTable.Col source="company" label="Company">
            <TextField source="company.name" />
          </DataTable.Col>
        )}
        {staff && (
          <DataTable.Col source="distributorAdmin" label="Distributor admin">
            <BooleanField source="distributorAdmin" />
          </DataTable.Col>
        )}
        <DataTable.Col source="expires" label="Expires">
          <FunctionField source="expires" render={(r: { expires?: number | null }) => (r.expires ? formatDate(r.expires) : '')} />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status" disableSort>
          <FunctionField<TExternalUser> render={(r) => statusText[r.status]} />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <Box sx={{ display: 'flex', flexDirection: { xs: 'row', md: 'column', lg: 'row' }, alignItems: 'flex-end', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
            <ActivateRowButton />
            <SendPasswordLinkButton />
            <DeleteRowButton />
          </Box>
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
