import { authedProcedure, router } from '../../trpc/trpc.js';
import { ZListQuery } from '@insp/contracts';
import { getCustomerImport, listCustomerImports } from './customer-import-read.service.js';
import { ZImportGetInput } from './customer-import.schemas.js';

/**
 * tRPC procedures of the customer import for the web app. The upload itself goes to the REST route
 * (POST /api/v1/customers/import with the bearer token): a file of up to 10 MB as base64 in a tRPC
 * body would pass the app's 5 MB body limit and cost a third more bytes.
 */
export const customerImportRouter = router({
  list: authedProcedure.input(ZListQuery).query(({ ctx, input }) => listCustomerImports(ctx, input)),
  get: authedProcedure.input(ZImportGetInput).query(({ ctx, input }) => getCustomerImport(ctx, input.id, input)),
});
