import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import SignaturePadLib from 'signature_pad';

/**
 * A drawing area for a signature, by finger, pen or mouse (signature_pad: pointer events, smooth strokes).
 * After each stroke the drawing is handed over as a PNG. The canvas keeps the device's pixel ratio so lines
 * stay sharp on a tablet; a resize keeps what was drawn.
 */
export function SignaturePad({ label, onDrawn, clearSignal }: { label: string; onDrawn(png: Blob): void; clearSignal: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const el = canvas.current!;
    if (!el.getContext('2d')) return; // no canvas (component tests): nothing to draw on
    const p = new SignaturePadLib(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#0d2033', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = p;
    const fit = () => {
      const data = p.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')!.scale(ratio, ratio);
      p.clear();
      p.fromData(data);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    const end = () => el.toBlob((b) => b && drawn.current(b), 'image/png');
    p.addEventListener('endStroke', end);
    return () => {
      observer.disconnect();
      p.removeEventListener('endStroke', end);
      p.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (clearSignal) pad.current?.clear();
  }, [clearSignal]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      role="img"
      aria-label={`${label}: drawing area, sign with a finger or the mouse`}
      data-testid="signature-pad"
      sx={{ display: 'block', width: '100%', maxWidth: 480, height: 180, touchAction: 'none', border: '1px solid', borderColor: 'grey.400', borderRadius: 1, bgcolor: '#fff', cursor: 'crosshair' }}
    />
  );
}
