import { useState } from 'react';
import { useListState } from '../../components/useListState';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAllowed, P, type TAction } from '@insp/contracts';
import { useDebounced } from '../../components/useDebounced';
import { shownMessage } from '../../lib/errors';
import { trpc } from '../../providers/trpc';
import { useSession } from '../../providers/session';
import { ActionDialog } from './ActionDialog';
import { ActionFilters, initialActionFilters, type ActionFilterValues } from './ActionFilters';
import { ActionsTable, type ActionDecision, type ActionSort } from './ActionsTable';
import { ACTION_TEXT, VIEWS } from './texts';

const PER_PAGE = 25;

/**
 * /Actions (issue 24): follow-up actions found by finished inspections, filtered, sorted and paged by the server
 * (actions.list, scoped there by role). Managers accept, dismiss and assign; managers and the assignee close. The
 * buttons follow the server's rules (docs/decisions.md "Follow-up actions (issue 24)"), which check them again.
 */
export function ActionsPage() {
  const { session, actor } = useSession();
  const manage = isAllowed(P.actionsManage, actor);
  const { filters, changeFilters, sort, setSort, page, setPage } = useListState<ActionFilterValues, ActionSort>(initialActionFilters, { key: 'dueOn', direction: 'asc' });
  const [deciding, setDeciding] = useState<{ action: TAction; kind: ActionDecision } | null>(null);
  const search = useDebounced(filters.search.trim(), 200);
  const view = VIEWS[filters.view];
  const list = useQuery({
    ...trpc.actions.list.queryOptions({
      states: [...view.states],
      ...('overdue' in view && { overdue: 'true' as const }),
      ...(filters.customer && { customerId: filters.customer.id }),
      ...(filters.assignee && { assigneeUserId: filters.assignee }),
      search,
      orderKey: sort.key,
      orderDirection: sort.direction,
      offset: page * PER_PAGE,
      amount: PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  const decisions = (a: TAction): ActionDecision[] => {
    if (a.state === 'proposed') return manage ? ['accept', 'dismiss'] : [];
    if (a.state !== 'open') return [];
    const mine = !!a.assigneeUserId && a.assigneeUserId === session.user.id;
    return [...(manage ? (['assign'] as const) : []), ...(manage || mine ? (['close'] as const) : [])];
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {ACTION_TEXT.title}
      </Typography>
      <ActionFilters
        value={filters}
        pickCustomers={isAllowed(P.reportsStart, actor)}
        pickAssignee={manage}
        change={changeFilters}
      />
      {list.isPending ? (
        <Typography color="text.secondary">{ACTION_TEXT.loading}</Typography>
      ) : list.isError ? (
        <Typography role="alert">{shownMessage(list.error)}</Typography>
      ) : (
        <ActionsTable
          rows={list.data.result}
          count={list.data.count}
          sort={sort}
          onSort={setSort}
          page={page}
          onPage={setPage}
          perPage={PER_PAGE}
          decisions={decisions}
          onDecide={(action, kind) => setDeciding({ action, kind })}
        />
      )}
      <ActionDialog action={deciding?.action ?? null} kind={deciding?.kind ?? null} onClose={() => setDeciding(null)} />
    </Box>
  );
}
