import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ImportUpload } from './ImportUpload';
import { ImportProgress } from './ImportProgress';
import { RecentImports } from './RecentImports';

/**
 * Import customers (/Customers/import, admins): upload a file, then follow the job. The import's id
 * sits in the address (?id=…), so a reload or a shared link shows the same import's progress.
 */
export function CustomerImportPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1">Import customers</Typography>
        {id && (
          <Button variant="outlined" onClick={() => setParams({})}>
            Import another file
          </Button>
        )}
      </Box>
      {id ? (
        <ImportProgress key={id} id={id} />
      ) : (
        <>
          <ImportUpload onStarted={(newId) => setParams({ id: newId })} />
          <RecentImports />
        </>
      )}
    </>
  );
}
