import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

/**
 * The report's HTML in a sandboxed frame (srcdoc), so its styles never reach the application and ours never
 * reach it. No scripts run inside (no allow-scripts); allow-same-origin only lets us read the document's
 * height, so the frame grows with the report (and its images as they load) instead of scrolling inside the page.
 */
export function ReportFrame({ html, title }: { html: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(600);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);

  const onLoad = () => {
    observer.current?.disconnect();
    const doc = ref.current?.contentDocument;
    if (!doc?.body) return;
    const measure = () => setHeight(Math.max(200, doc.documentElement.scrollHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(doc.body);
  };

  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box
        component="iframe"
        ref={ref}
        title={title}
        srcDoc={html}
        onLoad={onLoad}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        data-testid="report-frame"
        sx={{ display: 'block', width: '100%', height, border: 0 }}
      />
    </Box>
  );
}
