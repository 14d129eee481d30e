import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canonicalTimeZone } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { useDebounced } from '../../components/useDebounced';
import { formatDate, userTimeZone } from '../../lib/dates';
import { UsageTable, type UsageSort } from './UsageTable';

// 002 §9: default sort customer name ascending.
const DEFAULT_SORT: UsageSort = { key: 'name', direction: 'asc' };

/**
 * /UsageDashboards (002 §2; issue 22): surface drills serviced per customer and machines serviced per distributor
 * company, this week (Monday first), month and year on the calendar of the browser's zone. 'Authorizing.....' is
 * the shell's while the session (the rights) loads; the route guard refuses those the rule leaves out.
 */
export function UsageDashboardPage() {
  const timeZone = canonicalTimeZone(userTimeZone()) ?? 'UTC';
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 200);
  const [includeAll, setIncludeAll] = useState(false);
  const [customerSort, setCustomerSort] = useState(DEFAULT_SORT);
  const [companySort, setCompanySort] = useState(DEFAULT_SORT);

  const summary = useQuery(trpc.usageDashboard.summary.queryOptions({ timeZone }));
  const customers = useQuery({
    ...trpc.usageDashboard.customers.queryOptions({
      timeZone, search, onlyIncludeServiced: !includeAll, orderKey: customerSort.key, orderDirection: customerSort.direction,
    }),
    placeholderData: keepPreviousData,
  });
  const companies = useQuery({
    ...trpc.usageDashboard.companies.queryOptions({ timeZone, search, orderKey: companySort.key, orderDirection: companySort.direction }),
    placeholderData: keepPreviousData,
  });
  const p = summary.data?.periods;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h1">Usage dashboard</Typography>
      <Typography color="text.secondary" data-testid="usage-periods">
        {p
          ? `Week from ${formatDate(p.week.from, timeZone)} (Monday), month from ${formatDate(p.month.from, timeZone)}, year from ${formatDate(p.year.from, timeZone)}; time zone ${timeZone}.`
          : 'Loading...'}
      </Typography>
      <TextField
        label="Filter by name or English name"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ maxWidth: 420 }}
      />
      {customers.isError || companies.isError ? <Alert severity="error">The dashboard could not be loaded.</Alert> : null}
      <Box component="section" aria-labelledby="usage-customers" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
        <Typography id="usage-customers" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Surface drills service dashboard
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={includeAll} onChange={(e) => setIncludeAll(e.target.checked)} />}
          label="Include customers without inspections"
          sx={{ alignSelf: 'flex-start', minHeight: 44, mr: 0, pr: 1 }}
        />
        <UsageTable label="Surface drills service dashboard" rows={customers.data?.result} sort={customerSort} onSort={setCustomerSort} loading={customers.isFetching} />
      </Box>
      <Box component="section" aria-labelledby="usage-companies" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
        <Typography id="usage-companies" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Equipment serviced by company
        </Typography>
        <UsageTable label="Equipment serviced by company" rows={companies.data?.result} sort={companySort} onSort={setCompanySort} loading={companies.isFetching} />
      </Box>
    </Box>
  );
}
