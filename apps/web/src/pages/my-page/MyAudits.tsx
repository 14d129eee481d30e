import Typography from '@mui/material/Typography';
import { lazyPart } from '../../components/lazyScreen';
import { lazyChunk } from '../../lib/lazyChunk';

const listChunk = lazyChunk(() => import('./MyAuditsList'));
/** Fetches the list's chunk ahead (tests; the list fetches it itself when shown). */
export const loadMyAuditsList = listChunk.load;
const MyAuditsList = lazyPart(listChunk.load, 'MyAuditsList');

/**
 * 'My audits' (000 §2.4): the user's audits with search and no finish or delete controls; a row opens
 * /Audits/{id}. Not shown to distributors, who never see audits (§6; MyPage decides). The list is a chunk of its
 * own, fetched when the section is shown (issue 23, as My reports).
 */
export function MyAudits() {
  return (
    <section aria-labelledby="my-audits-title">
      <Typography variant="h2" id="my-audits-title" sx={{ mb: 1 }}>
        My audits
      </Typography>
      <MyAuditsList />
    </section>
  );
}
