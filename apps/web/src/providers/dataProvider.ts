import type { DataProvider, Identifier } from 'react-admin';
import { trpcClient } from './trpc';

/**
 * react-admin's data provider over our tRPC procedures. Each resource names its tRPC router; the router
 * offers the standard procedures (list, get, create, update, delete, and getMany when references need it):
 *
 *   list:   { offset, amount, search, orderKey, orderDirection, ...filters } → { result, count, countCapped? }
 *   get:    { id } → record          create: data → record
 *   update: { id, data } → record    delete: { id } → { id }       getMany: { ids } → record[]
 *
 * Resources are registered in resources/index.ts with `router` naming the tRPC router.
 */
const routers: Record<string, string> = {};
export const registerResourceRouter = (resource: string, router: string) => {
  routers[resource] = router;
};

type Procedures = Record<string, { query(input?: unknown): Promise<any>; mutate(input?: unknown): Promise<any> }>;
function proceduresOf(resource: string): Procedures {
  const router = routers[resource];
  if (!router) throw new Error(`No tRPC router registered for resource '${resource}'`);
  return (trpcClient as unknown as Record<string, Procedures>)[router]!;
}

export const dataProvider: DataProvider = {
  async getList(resource, { pagination, sort, filter }) {
    const { q, ...filters } = (filter ?? {}) as { q?: string };
    const page = pagination ?? { page: 1, perPage: 50 };
    const { result, count, countCapped } = await proceduresOf(resource).list!.query({
      offset: (page.page - 1) * page.perPage,
      amount: page.perPage,
      search: q ?? '',
      ...(sort?.field ? { orderKey: sort.field, orderDirection: sort.order.toLowerCase() } : {}),
      ...filters,
    });
    // countCapped: more rows match than were counted (common.ts listResponse); the pagination says 'n+'
    return { data: result, total: count, ...(countCapped ? { meta: { countCapped: true } } : {}) };
  },
  async getOne(resource, { id }) {
    return { data: await proceduresOf(resource).get!.query({ id }) };
  },
  async getMany(resource, { ids }) {
    const procs = proceduresOf(resource);
    if (procs.getMany) return { data: await procs.getMany.query({ ids }) };
    return { data: await Promise.all(ids.map((id: Identifier) => procs.get!.query({ id }))) };
  },
  async getManyReference(resource, { target, id, pagination, sort, filter }) {
    return dataProvider.getList(resource, { pagination, sort, filter: { ...filter, [target]: id } });
  },
  async create(resource, { data }) {
    return { data: await proceduresOf(resource).create!.mutate(data) };
  },
  async update(resource, { id, data }) {
    return { data: await proceduresOf(resource).update!.mutate({ id, data }) };
  },
  async updateMany(resource, { ids, data }) {
    await Promise.all(ids.map((id: Identifier) => proceduresOf(resource).update!.mutate({ id, data })));
    return { data: ids };
  },
  async delete(resource, { id }) {
    await proceduresOf(resource).delete!.mutate({ id });
    return { data: { id } as never };
  },
  async deleteMany(resource, { ids }) {
    await Promise.all(ids.map((id: Identifier) => proceduresOf(resource).delete!.mutate({ id })));
    return { data: ids };
  },
};
