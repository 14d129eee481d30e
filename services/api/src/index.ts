export type { AppRouter } from './app-router.js';
