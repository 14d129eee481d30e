import { useNavigate } from 'react-router-dom';
import { DataTable } from 'react-admin';
import type { TInspectionListItem } from '@insp/contracts';
import { formatDate } from '../../lib/dates';
import { statusLabel, typeLabel } from '../../resources/inspections/inspectionTypes';
import { RatingValue } from '../../resources/inspections/RatingButtons';
import { NameCell, searchFilter, WIDE_ONLY } from '../../resources/inspections/ReportList';
import { reportPath, RowActions } from '../../resources/inspections/RowActions';
import { REPORT_TEXT } from '../../resources/inspections/texts';
import { REPORTS } from '../../resources/inspections/useReportMutations';
import { OwnItemsList } from './OwnItemsList';

const Col = DataTable.Col<TInspectionListItem>;

/**
 * 'My reports' (000 §2.4): the signed-in user's inspections with search, row click to the report, details,
 * PDF per language and the same delete confirmation as /Reports. Its page and search stay out of the address
 * (the address is My page's).
 * My page's section (MyReports.tsx) fetches this chunk after its first render.
 */
export function MyReportsList() {
  const navigate = useNavigate();
  return (
    <OwnItemsList<TInspectionListItem>
      resource={REPORTS}
      search={searchFilter}
      emptyText={REPORT_TEXT.noReports}
      open={(id, row) => navigate(reportPath(String(id)), { state: { inspection: row } })}
    >
      <Col source="name" label="Name" render={(r) => <NameCell row={r} inspector={false} />} />
      <Col source="serialNumber" label="Serial number" className={WIDE_ONLY} />
      <Col source="inspectionDate" label="Inspection date" render={(r) => formatDate(r.inspectionDate)} />
      <Col source="type" label="Type" className={WIDE_ONLY} render={(r) => typeLabel(r.type)} />
      <Col source="status" label="Status" render={(r) => statusLabel(r.status)} />
      <Col source="rating" label="Rating" disableSort render={(r) => <RatingValue rating={r.rating} />} />
      <Col label="Actions" disableSort render={(r) => <RowActions row={r} statusChange={false} />} />
    </OwnItemsList>
  );
}
