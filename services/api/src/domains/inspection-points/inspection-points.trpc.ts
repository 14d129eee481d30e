import { router } from '../../trpc/trpc.js';

/** tRPC procedures of inspection point authoring (issue 9): list, get, create, update, duplicate, general fields, delete, protocols. */
export const inspectionPointsRouter = router({});
