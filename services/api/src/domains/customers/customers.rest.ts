import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  listResponse,
  ZCustomer,
  ZCustomerContact,
  ZCustomerContactInput,
  ZCustomerIdParam,
  ZCustomerInput,
  ZCustomerListItem,
  ZCustomerListQuery,
  ZCustomerMerge,
  ZCustomerSite,
  ZCustomerSiteInput,
  ZId,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getCustomer, listCustomers } from './customers-read.service.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customers-write.service.js';
import { mergeCustomers } from './customers-merge.service.js';
import { createSite, deleteSite, updateSite } from './customer-sites.service.js';
import { createContact, deleteContact, updateContact } from './customer-contacts.service.js';

const tags = ['customers'];
const ZDeleted = z.object({ id: ZId });
const ZSiteParams = z.object({ id: ZId, siteId: ZId });
const ZContactParams = z.object({ id: ZId, contactId: ZId });

/**
 * REST api/v1 routes of this domain: the Customers calls of spec 002 §7 at their exact paths, plus create and
 * update of customers, sites and contacts (not in the spec; the same services as the web app).
 */
export async function customersRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  const base = '/api/v1/customers';

  r.get(`${base}/query`, {
    schema: { tags, summary: 'Customers, searched, sorted and paged', querystring: ZCustomerListQuery, response: { 200: listResponse(ZCustomerListItem) } },
    handler: (req) => listCustomers(req.ctx, req.query),
  });
  r.get(`${base}/:id`, {
    schema: { tags, summary: 'A customer with its sites and contacts', params: ZCustomerIdParam, response: { 200: ZCustomer } },
    handler: (req) => getCustomer(req.ctx, req.params.id),
  });
  r.delete(`${base}/:id`, {
    schema: { tags, summary: 'Soft-deletes a customer', params: ZCustomerIdParam, response: { 200: ZDeleted } },
    handler: (req) => deleteCustomer(req.ctx, req.params.id),
  });
  // The path id is merged away; body.customerId survives under body.name (see customers-merge.service.ts).
  r.post(`${base}/:id/merge`, {
    schema: { tags, summary: "Merges this customer into the body's customerId, which survives under the given name (sites, contacts, equipment, reports and audits move; this one is soft-deleted)", params: ZCustomerIdParam, body: ZCustomerMerge, response: { 200: ZCustomer } },
    handler: (req) => mergeCustomers(req.ctx, req.params.id, req.body),
  });
  r.post(base, {
    schema: { tags, summary: 'Creates a customer', body: ZCustomerInput, response: { 200: ZCustomer } },
    handler: (req) => createCustomer(req.ctx, req.body),
  });
  r.put(`${base}/:id`, {
    schema: { tags, summary: 'Changes a customer', params: ZCustomerIdParam, body: ZCustomerInput, response: { 200: ZCustomer } },
    handler: (req) => updateCustomer(req.ctx, req.params.id, req.body),
  });

  r.post(`${base}/:id/sites`, {
    schema: { tags, summary: 'Adds a site to a customer', params: ZCustomerIdParam, body: ZCustomerSiteInput, response: { 200: ZCustomerSite } },
    handler: (req) => createSite(req.ctx, req.params.id, req.body),
  });
  r.put(`${base}/:id/sites/:siteId`, {
    schema: { tags, summary: "Changes a customer's site", params: ZSiteParams, body: ZCustomerSiteInput, response: { 200: ZCustomerSite } },
    handler: (req) => updateSite(req.ctx, req.params.id, req.params.siteId, req.body),
  });
  r.delete(`${base}/:id/sites/:siteId`, {
    schema: { tags, summary: "Deletes a customer's site", params: ZSiteParams, response: { 200: ZDeleted } },
    handler: (req) => deleteSite(req.ctx, req.params.id, req.params.siteId),
  });

  r.post(`${base}/:id/contacts`, {
    schema: { tags, summary: 'Adds a contact to a customer', params: ZCustomerIdParam, body: ZCustomerContactInput, response: { 200: ZCustomerContact } },
    handler: (req) => createContact(req.ctx, req.params.id, req.body),
  });
  r.put(`${base}/:id/contacts/:contactId`, {
    schema: { tags, summary: "Changes a customer's contact", params: ZContactParams, body: ZCustomerContactInput, response: { 200: ZCustomerContact } },
    handler: (req) => updateContact(req.ctx, req.params.id, req.params.contactId, req.body),
  });
  r.delete(`${base}/:id/contacts/:contactId`, {
    schema: { tags, summary: "Deletes a customer's contact", params: ZContactParams, response: { 200: ZDeleted } },
    handler: (req) => deleteContact(req.ctx, req.params.id, req.params.contactId),
  });
}
