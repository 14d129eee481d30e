import { z } from 'zod';
import { ZId, ZText } from './common.js';
import { ZNameOrderLanguage } from './name-order.js';

/**
 * What the web app's "start an inspection" page (/Reports/new) picks from: a customer searched on the server, one
 * of its sites, the machines there. The customer and equipment screens need Manager, an inspector is a User; these
 * answer the few fields a pick needs to staff at User level (docs/decisions.md, "Inspection editing (issue 7)").
 */
export const START_CHOICES_LIMIT = { customers: 20, equipment: 500 } as const;

/** `lang`: the order of the names, the user's language (issue 20; name-order.ts). */
/** `id`: that one customer (or none), so a prefilled /Reports/new (issue 24) checks the id it was given and shows its name. */
export const ZStartCustomersQuery = z.object({ search: ZText.trim().max(200).default(''), lang: ZNameOrderLanguage, id: ZId.optional() });
export const ZStartCustomer = z.object({ id: ZId, name: z.string(), mdmCustomerId: z.string().nullable() });
export type TStartCustomer = z.infer<typeof ZStartCustomer>;

export const ZStartSite = z.object({ id: ZId, name: z.string() });
export type TStartSite = z.infer<typeof ZStartSite>;

/** A site's machines; `customerSiteId: null` asks for the customer's machines without a site. */
export const ZStartEquipmentQuery = z.object({ customerId: ZId, customerSiteId: ZId.nullable() });
export const ZStartEquipment = z.object({
  id: ZId,
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  productFamilyId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelId: ZId.nullable(),
  productModelName: z.string().nullable(),
});
export type TStartEquipment = z.infer<typeof ZStartEquipment>;
