import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TagPointSelector } from './TagPointSelector';
import { TagTargetsEditor } from './TagTargetsEditor';

/** /tags (002 §2): an inspection point selector on the left, the selected point's field tags on the right. */
export function TagsPage() {
  const [pointId, setPointId] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' }, gap: 2, p: { xs: 1, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="nav" aria-label="Inspection point selector">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Inspection points
        </Typography>
        <TagPointSelector selectedId={pointId} onSelect={setPointId} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label="Tags">
        {pointId ? <TagTargetsEditor pointId={pointId} /> : <Typography color="text.secondary">Choose an inspection point to edit the tags of its fields.</Typography>}
      </Paper>
    </Box>
  );
}
