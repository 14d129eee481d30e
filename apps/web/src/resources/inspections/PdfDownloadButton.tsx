import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { TInspectionListItem } from '@insp/contracts';
import { ActionIcon } from './ActionIcon';
import { REPORT_LANGUAGES } from './languages';
import { pdfFallbackName, type PdfKind } from './pdfDownload';
import { PdfProgress } from './PdfProgress';
import { usePdfDownload } from './usePdfDownload';

export type PdfReport = Pick<TInspectionListItem, 'id' | 'name'> & Partial<Pick<TInspectionListItem, 'serialNumber' | 'type' | 'inspectionDate'>>;
const stop = (e: React.SyntheticEvent) => e.stopPropagation();

/** Lists (/Reports, My page): a PDF icon opening the language choice; the PDF downloads in the one picked. */
export function PdfMenuButton({ report, kind, fileName }: { report: PdfReport; kind?: PdfKind; fileName?: string }) {
  const { job, download, cancel } = usePdfDownload(report.id, fileName ?? pdfFallbackName(report), kind);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `pdf-languages-${report.id}`;
  return (
    <span onClick={stop}>
      <ActionIcon
        label={job ? `Preparing the PDF of ${report.name}` : `Download PDF of ${report.name}`}
        tip="Download PDF"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-busy={!!job}
        aria-disabled={!!job}
        onClick={(e) => !job && setAnchor(e.currentTarget)}
      >
        {job ? <CircularProgress size={18} aria-hidden /> : <PdfIcon fontSize="small" />}
      </ActionIcon>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {REPORT_LANGUAGES.map((l) => (
          <MenuItem
            key={l.code}
            onClick={() => {
              setAnchor(null);
              void download(l.code);
            }}
          >
            <ListItemText>{l.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <PdfProgress job={job} name={report.name} onCancel={cancel} />
    </span>
  );
}

/** Report pages: 'Download PDF' in the language the page shows. */
export function PdfButton({ report, lang, kind, fileName }: { report: PdfReport; lang: string; kind?: PdfKind; fileName?: string }) {
  const { job, download, cancel } = usePdfDownload(report.id, fileName ?? pdfFallbackName(report), kind);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={job ? <CircularProgress size={16} aria-hidden /> : <PdfIcon />}
        disabled={!!job}
        aria-busy={!!job}
        onClick={() => void download(lang)}
      >
        {job ? 'Preparing PDF…' : 'Download PDF'}
      </Button>
      <PdfProgress job={job} name={report.name} onCancel={cancel} />
    </>
  );
}
