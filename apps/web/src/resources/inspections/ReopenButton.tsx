import { useState } from 'react';
import Button from '@mui/material/Button';
import ReopenIcon from '@mui/icons-material/LockOpenOutlined';
import { REOPEN_STATUS, type TInspectionListItem } from '@insp/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { REPORT_TEXT } from './texts';
import { useReportMutations } from './useReportMutations';

/**
 * An Admin's reopen of a Finished inspection (issue 20): PUT updateStatus to In use after a confirmation, shown
 * only when the server's `can.reopen` says so. The status shows once the server answers 200 (useReportMutations).
 */
export function ReopenButton({ report }: { report: Pick<TInspectionListItem, 'id' | 'name'> }) {
  const [asking, setAsking] = useState(false);
  const { status } = useReportMutations();
  const confirm = () => status.mutate({ id: report.id, status: REOPEN_STATUS }, { onSuccess: () => setAsking(false) });
  return (
    <>
      <Button variant="outlined" startIcon={<ReopenIcon />} onClick={() => setAsking(true)}>
        {REPORT_TEXT.reopen}
      </Button>
      <ConfirmDialog
        open={asking}
        title={REPORT_TEXT.reopenTitle(report.name)}
        text={REPORT_TEXT.reopenQuestion}
        yes={REPORT_TEXT.reopenButton}
        no="CANCEL"
        onYes={() => !status.isPending && confirm()}
        onNo={() => setAsking(false)}
      />
    </>
  );
}
