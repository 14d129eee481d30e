import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useImageUrl } from './useImageUrl';

/** An image of the API shown from an object URL (useImageUrl); a box of its size while it loads. */
export function AuthImage({ imageId, alt, width = 300, height = 200 }: { imageId: string; alt: string; width?: number; height?: number }) {
  const url = useImageUrl(imageId);
  return (
    <Box sx={{ width, maxWidth: '100%', height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
      {url ? <img src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : null}
    </Box>
  );
}

/** Photos with their captions (000 §2.6: report-preview images at 300 by 200 px). */
export function Photos({ photos }: { photos: { id?: string; imageId: string; caption: string }[] }) {
  if (!photos.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
      {photos.map((p, i) => (
        <Box component="figure" key={p.id ?? i} sx={{ m: 0 }}>
          <AuthImage imageId={p.imageId} alt={p.caption || `Photo ${i + 1}`} />
          {p.caption && (
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {p.caption}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
