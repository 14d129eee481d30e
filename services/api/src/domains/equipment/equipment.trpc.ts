import { router } from '../../trpc/trpc.js';

/** tRPC procedures of this domain for the web app (thin: parse, call the service, return). */
export const equipmentRouter = router({});
