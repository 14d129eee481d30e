import { useNavigate } from 'react-router-dom';
import { DataTable, SearchInput } from 'react-admin';
import type { TAuditListItem } from '@insp/contracts';
import { formatDate } from '../../lib/dates';
import { registerResourceRouter } from '../../providers/dataProvider';
import { searchSx, WIDE_ONLY } from '../../resources/inspections/ReportList';
import { OwnItemsList } from './OwnItemsList';

/** My page's audits list reads tRPC audits.list (mineOnly); it owns no route, so it is no <Resource>. */
const MY_AUDITS = 'MyAudits';
registerResourceRouter(MY_AUDITS, 'audits');
const Col = DataTable.Col<TAuditListItem>;
// An audit is found by its name, customer or inspector (its search text, docs/data-model.md).
const searchFilter = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name, customer or inspector" sx={searchSx} />];

/**
 * 'My audits' (000 §2.4): the user's audits with search and no finish or delete controls; a row opens
 * /Audits/{id}. Not shown to distributors, who never see audits (§6; MyPage decides).
 * My page's section (MyAudits.tsx) fetches this chunk after its first render.
 */
export function MyAuditsList() {
  const navigate = useNavigate();
  return (
    <OwnItemsList<TAuditListItem> resource={MY_AUDITS} search={searchFilter} emptyText="You have no audits yet." open={(id) => navigate(`/Audits/${id}`)}>
      <Col source="name" label="Name" />
      <Col source="customerName" label="Customer" className={WIDE_ONLY} />
      <Col source="inspectionDate" label="Inspection date" render={(r) => formatDate(r.inspectionDate)} />
      <Col source="inspector" label="Inspector" className={WIDE_ONLY} />
      <Col source="finished" label="Status" render={(r) => (r.finished ? 'Finished' : 'Open')} />
    </OwnItemsList>
  );
}
