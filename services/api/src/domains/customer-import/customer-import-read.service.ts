import { P, type TListQuery } from '@insp/contracts';
import { sql, type Selectable } from 'kysely';
import type { CustomerImports } from '@insp/db';
import { listPage } from '../../lib/list.js';
import { requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { TCustomerImport, TCustomerImportWithErrors } from './customer-import.schemas.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toImport(r: Selectable<CustomerImports>): TCustomerImport {
  return {
    id: r.id,
    fileName: r.file_name,
    status: r.status as TCustomerImport['status'],
    totalRows: r.total_rows,
    processedRows: r.processed_rows,
    customersCreated: r.customers_created,
    customersUpdated: r.customers_updated,
    sitesCreated: r.sites_created,
    sitesUpdated: r.sites_updated,
    equipmentCreated: r.equipment_created,
    equipmentUpdated: r.equipment_updated,
    rowsWithErrors: r.error_count,
    error: r.error,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

/**
 * Status, progress and counts of one import plus a page of its error report, in row order. Polled
 * every second by the import screen: two indexed reads. Any administrator sees any import (staff data).
 */
export async function getCustomerImport(ctx: ServiceContext, id: string, query: TListQuery): Promise<TCustomerImportWithErrors> {
  requirePermission(ctx, P.customersAdmin);
  const row = await ctx.db.selectFrom('customer_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Import');
  const errors = await listPage(
    ctx.db,
    ctx.db.selectFrom('customer_import_errors').select(['row_number as rowNumber', 'field', 'message']).where('import_id', '=', id),
    { ...query, search: '' },
    {
      sortable: { rowNumber: sql.ref('row_number') },
      defaultSort: { key: 'rowNumber', direction: 'asc' },
      tieBreaker: sql.ref('id'),
    },
  );
  return { ...toImport(row), errors };
}

/** Earlier imports, newest first, so an administrator can get back to one's report; search by file name. */
export async function listCustomerImports(ctx: ServiceContext, query: TListQuery) {
  requirePermission(ctx, P.customersAdmin);
  const page = await listPage(ctx.db, ctx.db.selectFrom('customer_imports').selectAll(), query, {
    sortable: { createdAt: sql.ref('created_at'), fileName: sql.ref('file_name'), status: sql.ref('status') },
    defaultSort: { key: 'createdAt', direction: 'desc' },
    tieBreaker: sql.ref('id'),
    search: (pattern) => sql<boolean>`file_name ilike ${pattern}`,
  });
  return { ...page, result: page.result.map((r) => toImport(r as Selectable<CustomerImports>)) };
}
