import { router } from '../../trpc/trpc.js';

/** tRPC procedures of the customer import (upload, progress, error report) for the web app. */
export const customerImportRouter = router({});
