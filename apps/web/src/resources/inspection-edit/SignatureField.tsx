import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { isLocalImage, type EditValues } from './formValues';
import { useLocalImages } from './photos/localImages';
import { useImageUrl } from './photos/useImageUrl';
import { SignaturePad } from './SignaturePad';
import { useEditable } from './editable';
import { ConflictNotice } from '../../edit-conflicts';
import { useFormConflict } from './conflicts';

type Name = 'customerSignature' | 'providerSignature';

/**
 * One signature: the saved one shown with 'Sign again' and 'Remove', or the drawing area. A drawing is held as a
 * local PNG (a 'local:' marker in the form) and uploaded through the write module when the form is saved.
 */
export function SignatureField({ name, label, saved }: { name: Name; label: string; saved: string | null }) {
  const { field } = useController<EditValues, Name>({ name });
  const local = useLocalImages();
  const marker = useRef<string | null>(null);
  const editable = useEditable();
  const [drawing, setDrawing] = useState(!field.value);
  const [clears, setClears] = useState(0);
  const url = useImageUrl(field.value && !isLocalImage(field.value) ? field.value : null);
  const file = `${name === 'customerSignature' ? 'customer' : 'provider'}-signature.png`;
  const { conflict, dismiss } = useFormConflict(name);

  const onDrawn = (png: Blob) => {
    if (marker.current) local.replace(marker.current, png, file);
    else marker.current = local.add(png, file);
    field.onChange(marker.current);
  };
  const clear = () => {
    setClears((n) => n + 1);
    field.onChange(null);
  };
  const startOver = () => {
    setDrawing(true);
    field.onChange(null);
  };

  const shown = (
    <Box sx={{ width: '100%', maxWidth: 480, height: 180, border: '1px solid', borderColor: 'grey.300', borderRadius: 1, bgcolor: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {url && <Box component="img" src={url} alt={label} sx={{ maxWidth: '100%', maxHeight: '100%' }} />}
    </Box>
  );

  return (
    <Stack spacing={1} role="group" aria-label={label} sx={{ flex: '1 1 320px', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {!editable ? (
        // read-only (issue 20): the signature as saved, no pad and no 'Sign again'
        field.value ? shown : <Typography color="text.secondary">Not signed.</Typography>
      ) : drawing ? (
        <>
          <SignaturePad label={label} onDrawn={onDrawn} clearSignal={clears} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={clear} aria-label={`Clear ${label.toLowerCase()}`}>
              Clear
            </Button>
            {saved && (
              <Button onClick={() => { setDrawing(false); field.onChange(saved); }} aria-label={`Keep the saved ${label.toLowerCase()}`}>
                Keep the saved one
              </Button>
            )}
          </Box>
        </>
      ) : (
        <>
          {shown}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={startOver} aria-label={`Sign again: ${label.toLowerCase()}`}>
              Sign again
            </Button>
          </Box>
        </>
      )}
      <ConflictNotice field={label} conflict={conflict} onDismiss={dismiss} />
    </Stack>
  );
}
