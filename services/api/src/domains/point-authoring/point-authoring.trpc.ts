import { router } from '../../trpc/trpc.js';

/** tRPC procedures around point authoring (issue 9): reference data, option groups, dropdowns, batch update, limits, translations, tags. */
export const pointAuthoringRouter = router({});
