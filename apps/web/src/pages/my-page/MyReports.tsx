import Typography from '@mui/material/Typography';
import { lazyPart } from '../../components/lazyScreen';
import { lazyChunk } from '../../lib/lazyChunk';

const listChunk = lazyChunk(() => import('./MyReportsList'));
/** Fetches the list's chunk ahead (tests; the list fetches it itself when shown). */
export const loadMyReportsList = listChunk.load;
const MyReportsList = lazyPart(listChunk.load, 'MyReportsList');

/**
 * 'My reports' (000 §2.4): the signed-in user's inspections with search, row click to the report, details,
 * PDF per language and the same delete confirmation as /Reports. The list (react-admin's list views, shared with
 * /Reports) is a chunk of its own, fetched when the section is shown: My page's first screen does without it (issue 23).
 */
export function MyReports() {
  return (
    <section aria-labelledby="my-reports-title">
      <Typography variant="h2" id="my-reports-title" sx={{ mb: 1 }}>
        My reports
      </Typography>
      <MyReportsList />
    </section>
  );
}
