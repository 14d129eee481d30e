import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WorkbookDownload } from './WorkbookDownload';
import { WorkbookImport } from './WorkbookImport';

/**
 * /Translations (002 §2): choose product categories and point names or descriptions, download their translations
 * as an Excel workbook (the link opens in a new tab); beyond the spec (issue 21), import the edited workbook back.
 */
export function TranslationsPage() {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Translations
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <WorkbookDownload />
        <WorkbookImport />
      </Box>
    </>
  );
}
