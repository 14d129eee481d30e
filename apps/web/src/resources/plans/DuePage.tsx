import { useState } from 'react';
import { useListState } from '../../components/useListState';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAllowed, P, type TPlan } from '@insp/contracts';
import { useDebounced } from '../../components/useDebounced';
import { shownMessage } from '../../lib/errors';
import { trpc } from '../../providers/trpc';
import { useSession } from '../../providers/session';
import { DeletePlanDialog } from './DeletePlan';
import { DueExport } from './DueExport';
import { DueFilters, initialDueFilters, type DueFilterValues } from './DueFilters';
import { DueTable, type DueSort } from './DueTable';
import { PlanDialog } from './PlanDialog';
import { PLAN_TEXT } from './texts';

const PER_PAGE = 25;

/**
 * /Due (issue 24): what is due in a window, per customer and site, sorted and paged by the server (plans.due, scoped
 * there by role). 'Start inspection' for those who may start one; managers edit and delete plans here too.
 * 'Export to Excel' asks the worker for the workbook of the list as filtered (DueExport).
 */
export function DuePage() {
  const { actor } = useSession();
  const canStart = isAllowed(P.reportsStart, actor);
  const manage = isAllowed(P.plansManage, actor);
  const { filters, changeFilters, sort, setSort, page, setPage } = useListState<DueFilterValues, DueSort>(initialDueFilters, { key: 'dueOn', direction: 'asc' });
  const [editing, setEditing] = useState<TPlan | null>(null);
  const [deleting, setDeleting] = useState<TPlan | null>(null);
  const search = useDebounced(filters.search.trim(), 200);
  const due = useQuery({
    ...trpc.plans.due.queryOptions({
      within: filters.within,
      ...(filters.state && { states: [filters.state] }),
      ...(filters.customer && { customerId: filters.customer.id }),
      ...(filters.siteId && { customerSiteId: filters.siteId }),
      search,
      orderKey: sort.key,
      orderDirection: sort.direction,
      offset: page * PER_PAGE,
      amount: PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h1">{PLAN_TEXT.dueTitle}</Typography>
        <DueExport
          filters={{
            within: filters.within,
            ...(filters.state && { states: [filters.state] }),
            ...(filters.customer && { customerId: filters.customer.id }),
            ...(filters.siteId && { customerSiteId: filters.siteId }),
            search,
          }}
        />
      </Box>
      <DueFilters
        value={filters}
        pickCustomers={canStart}
        change={changeFilters}
      />
      {due.isPending ? (
        <Typography color="text.secondary">{PLAN_TEXT.loading}</Typography>
      ) : due.isError ? (
        <Typography role="alert">{shownMessage(due.error)}</Typography>
      ) : (
        <DueTable
          label={PLAN_TEXT.dueTitle}
          rows={due.data.result}
          count={due.data.count}
          empty={PLAN_TEXT.noDue}
          sort={sort}
          onSort={setSort}
          page={page}
          onPage={setPage}
          perPage={PER_PAGE}
          canStart={canStart}
          onEdit={manage ? setEditing : undefined}
          onDelete={manage ? setDeleting : undefined}
        />
      )}
      {manage && (
        <>
          {editing && <PlanDialog equipmentId={editing.equipmentId} plan={editing} open onClose={() => setEditing(null)} />}
          <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Box>
  );
}
