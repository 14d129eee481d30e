import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { shownMessage } from '../../lib/errors';
import { prepareReport } from './reportHtml';
import { ReportFrame } from './ReportFrame';
import { REPORT_TEXT } from './texts';

/** The report's HTML once loaded ('Loading...' before, the server's message on failure). */
export function ReportBody({ html, title, stripLinks = false }: { html: UseQueryResult<string, unknown>; title: string; stripLinks?: boolean }) {
  const doc = useMemo(() => (html.data === undefined ? null : prepareReport(html.data, { stripLinks })), [html.data, stripLinks]);
  if (html.isError) return <Alert severity="error">{shownMessage(html.error)}</Alert>;
  if (doc === null)
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} data-testid="report-loading">
        {REPORT_TEXT.loadingReport}
      </Typography>
    );
  return <ReportFrame html={doc} title={title} />;
}
