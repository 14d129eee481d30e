export { resolveChromium, SYSTEM_ARGS, type ResolvedChromium } from './chromium.js';
export { createPdfRenderer, type PdfRenderer, type PdfRendererOptions, type RenderOptions, type RendererStats } from './renderer.js';
export { createSemaphore } from './semaphore.js';
