import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shownMessage } from '../../lib/errors';
import { trpc } from '../../providers/trpc';
import { DueTable } from '../../resources/plans/DueTable';
import { PLAN_TEXT } from '../../resources/plans/texts';

const PER_PAGE = 10;
/** Due within this many days, with whatever is overdue or started (plans.due's default window). */
const WINDOW_DAYS = 30;

/**
 * 'My due inspections' (issue 24), first on My page: the plans assigned to the signed-in user that are overdue, due
 * or due within 30 days, or in progress, overdue first; each with 'Start inspection' opening /Reports/new prefilled.
 */
export function MyDuePlans() {
  const [page, setPage] = useState(0);
  const due = useQuery({
    ...trpc.plans.due.queryOptions({ inspectorUserId: 'me', within: WINDOW_DAYS, orderKey: 'dueOn', orderDirection: 'asc', offset: page * PER_PAGE, amount: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="my-due-title">
      <Typography variant="h2" id="my-due-title" sx={{ mb: 1 }}>
        {PLAN_TEXT.myDueTitle}
      </Typography>
      {due.isPending ? (
        <Typography color="text.secondary">{PLAN_TEXT.loading}</Typography>
      ) : due.isError ? (
        <Typography role="alert">{shownMessage(due.error)}</Typography>
      ) : (
        <DueTable
          label={PLAN_TEXT.myDueTitle}
          rows={due.data.result}
          count={due.data.count}
          empty={PLAN_TEXT.noMyDue}
          columns={['machine', 'customer', 'type', 'due', 'state']}
          page={page}
          onPage={setPage}
          perPage={PER_PAGE}
          canStart
        />
      )}
    </section>
  );
}
