import { DataTable, FunctionField, List, SearchInput } from 'react-admin';
import Typography from '@mui/material/Typography';
import { levelName, type AccountFlag, type TStaffAccount } from '@insp/contracts';
import { listProps } from '../../components/listProps';
import { formatDateTime } from '../../lib/dates';
import { FlagCheckbox, flagLabels } from './FlagCheckbox';

// Columns in the order people look for them: the everyday Rater first, the Developer flag last.
const flagColumns: AccountFlag[] = ['Rater', 'CertificationManager', 'Developer'];
// Narrower cell padding below the md breakpoint, so seven columns fit a tablet held upright (820 px).
const compactCells = { '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } };

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name or e-mail" />];

/**
 * /StaffAccounts (issue 6): staff users with their level (read-only: it comes from the identity provider's
 * groups) and their account flags, ticked and saved per row. Own flags are shown but cannot be changed.
 */
export function StaffAccountList() {
  return (
    <List
      {...listProps}
      resource="StaffAccounts"
      title="Staff accounts"
      filters={filters}
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        Levels come from the identity provider's groups at sign-in and are changed there. A flag takes effect on
        the user's next request; only someone else can change your own flags.
      </Typography>
      <DataTable rowClick={false} bulkActionButtons={false} sx={compactCells}>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="E-mail" />
        <DataTable.Col source="level" label="Level" disableSort>
          <FunctionField<TStaffAccount> render={(r) => levelName(r.level)} />
        </DataTable.Col>
        {/* a non-breaking hyphen: a narrow column wraps before "sign-in", never inside it */}
        <DataTable.Col source="lastSignIn" label={'Last sign\u2011in'}>
          <FunctionField<TStaffAccount> render={(r) => (r.lastSignIn ? formatDateTime(r.lastSignIn) : 'Never')} />
        </DataTable.Col>
        {flagColumns.map((flag) => (
          <DataTable.Col key={flag} label={flagLabels[flag]} disableSort>
            <FlagCheckbox flag={flag} />
          </DataTable.Col>
        ))}
      </DataTable>
    </List>
  );
}
