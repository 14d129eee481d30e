import { z } from 'zod';
import {
  ZCustomerContactInput,
  ZCustomerIdParam,
  ZCustomerInput,
  ZCustomerListQuery,
  ZCustomerMerge,
  ZCustomerSiteInput,
  ZId,
} from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { getCustomer, listCustomers } from './customers-read.service.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customers-write.service.js';
import { mergeCustomers } from './customers-merge.service.js';
import { createSite, deleteSite, updateSite } from './customer-sites.service.js';
import { createContact, deleteContact, updateContact } from './customer-contacts.service.js';

const customer = { customerId: ZId };

/**
 * tRPC procedures of this domain for the web app (thin: parse, call the service, return).
 * list/get/create/update/delete follow providers/dataProvider.ts; merge takes the first (merged away) as `id`.
 */
export const customersRouter = router({
  list: authedProcedure.input(ZCustomerListQuery).query(({ ctx, input }) => listCustomers(ctx, input)),
  get: authedProcedure.input(ZCustomerIdParam).query(({ ctx, input }) => getCustomer(ctx, input.id)),
  create: authedProcedure.input(ZCustomerInput).mutation(({ ctx, input }) => createCustomer(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: ZId, data: ZCustomerInput }))
    .mutation(({ ctx, input }) => updateCustomer(ctx, input.id, input.data)),
  delete: authedProcedure.input(ZCustomerIdParam).mutation(({ ctx, input }) => deleteCustomer(ctx, input.id)),
  merge: authedProcedure
    .input(ZCustomerMerge.extend({ id: ZId }))
    .mutation(({ ctx, input }) => mergeCustomers(ctx, input.id, { customerId: input.customerId, name: input.name })),

  createSite: authedProcedure
    .input(z.object({ ...customer, data: ZCustomerSiteInput }))
    .mutation(({ ctx, input }) => createSite(ctx, input.customerId, input.data)),
  updateSite: authedProcedure
    .input(z.object({ ...customer, id: ZId, data: ZCustomerSiteInput }))
    .mutation(({ ctx, input }) => updateSite(ctx, input.customerId, input.id, input.data)),
  deleteSite: authedProcedure
    .input(z.object({ ...customer, id: ZId }))
    .mutation(({ ctx, input }) => deleteSite(ctx, input.customerId, input.id)),

  createContact: authedProcedure
    .input(z.object({ ...customer, data: ZCustomerContactInput }))
    .mutation(({ ctx, input }) => createContact(ctx, input.customerId, input.data)),
  updateContact: authedProcedure
    .input(z.object({ ...customer, id: ZId, data: ZCustomerContactInput }))
    .mutation(({ ctx, input }) => updateContact(ctx, input.customerId, input.id, input.data)),
  deleteContact: authedProcedure
    .input(z.object({ ...customer, id: ZId }))
    .mutation(({ ctx, input }) => deleteContact(ctx, input.customerId, input.id)),
});
