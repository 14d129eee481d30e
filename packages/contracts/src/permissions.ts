import { Level, type Permission } from './levels.js';

const { User, Manager, Admin, Never } = Level;

/**
 * Named permission rules. Routes (routes.ts) and API procedures use the same objects,
 * so the web app's navigation and guards can never drift from what the server enforces.
 * Decisions where the spec is silent are marked "decision" and listed in docs/decisions.md.
 */
export const P = {
  signedIn: { internal: User, external: User },
  reports: { internal: User, external: User },
  reportsDelete: { internal: Manager, external: Manager },
  // Rater is a staff flag: a distributor record carrying it still may not rate.
  reportsRate: { internal: Admin, external: Never, orFlags: ['Rater'], staffOnly: true },
  reportsFinish: { internal: Admin, external: Never },
  // decision (issue 7): starting an inspection in the browser (/Reports/new) picks from the company's customers,
  // which distributors never see (customers: external Never); any staff at User level, the inspectors.
  reportsStart: { internal: User, external: Never },
  audits: { internal: User, external: Never },
  auditsDelete: { internal: Manager, external: Never },
  authoring: { internal: Admin, external: Manager },
  // spec 002 §2: /Documents 2 / 3. Distributors are at most Manager (levels.ts), so the library screen, its reads
  // and every write are staff Managers and Admins only.
  documents: { internal: Manager, external: Admin },
  // decision (issue 21): documents are reference material for the checklists. Anyone signed in reads (lists and
  // downloads) the live documents linked to a live inspection point; everything else needs P.documents.
  documentsRead: { internal: User, external: User },
  // decision (issue 21): pre-signed blob uploads (001 §7 POST api/v1/file/upload) for the point editors (distributor
  // admins author points) and the library's managers.
  fileUpload: { internal: Manager, external: Manager },
  // decision: customers and equipment are staff reference data; managers read them, admins create, edit,
  // delete and merge. Distributors have no customer list of their own.
  customers: { internal: Manager, external: Never },
  customersAdmin: { internal: Admin, external: Never },
  equipment: { internal: Manager, external: Never },
  equipmentAdmin: { internal: Admin, external: Never },
  // decision (issue 20): the equipment of chosen models (Equipments/byproductmodels), which the authoring screens
  // offer as choices. Staff managers see every machine; distributor managers (distributor admins, who author points
  // and protocols) only the machines their company's reports were made on, scoped in the query.
  equipmentChoices: { internal: Manager, external: Manager },
  productFamilies: { internal: Admin, external: Never },
  // decision: product categories, families and models are catalogue data that many screens read (authoring,
  // equipment forms, documents, certifications); any signed-in user may read them, distributors included.
  referenceRead: { internal: User, external: User },
  externalUsers: { internal: Manager, external: Admin, orFlags: ['Developer'] },
  userManagement: { internal: Never, external: User, distributorAdminOnly: true },
  // spec 002 §2: the navigation note says Developer flag only, the route table admin only or the Developer flag;
  // issue 22 applies both readings as either grants (§6: flags "alternatively unlock" routes): staff admins, or a
  // staff account with the Developer flag. Managers without the flag and distributors are refused.
  usageDashboards: { internal: Admin, external: Never, orFlags: ['Developer'], staffOnly: true },
  // spec 002 §2: the two notes on Tags differ; both readings apply.
  tags: { internal: Admin, external: Never, requireFlags: ['Developer'] },
  // "Developer flag only" / "CertificationManager flag only": staff holding the flag, whatever their level;
  // never a distributor, even one whose record carries the flag.
  webLogs: { internal: User, external: Never, requireFlags: ['Developer'] },
  appLogs: { internal: User, external: Never, requireFlags: ['Developer'] },
  backgroundServices: { internal: Manager, external: Admin },
  // spec 002 §2: /Admin (the debug token screen) 2 / 3, and GET /auth/debugtoken uses the same rule (issue 22):
  // staff Managers and Admins, or a staff account with the Developer flag (the flag unlocked the call before; §6:
  // flags "alternatively unlock" routes). No distributor (external Admin: none reaches it). The token's groups may
  // not lift a caller above their own level unless they hold the flag (session.service.ts debugToken).
  debugToken: { internal: Manager, external: Never, orFlags: ['Developer'], staffOnly: true },
  translations: { internal: Admin, external: Never },
  certifications: { internal: User, external: Never, requireFlags: ['CertificationManager'] },
  // decision (issue 6): staff accounts (who holds which account flag) for Admins or the Developer flag;
  // staff only, so a distributor record carrying the Developer flag never opens it.
  // decision (issue 22): webhook endpoints carry secrets and send company data to other systems: staff Admins only.
  webhooks: { internal: Admin, external: Never, staffOnly: true },
  staffAccounts: { internal: Admin, external: Never, orFlags: ['Developer'], staffOnly: true },
  // decision (issue 24): inspection plans and due lists. Anyone signed in reads them, scoped in the query: staff
  // Managers and Admins every plan, staff Users (inspectors) the plans assigned to them, distributors the plans on
  // their company's machines. Plans are made on the equipment and customer screens, which are staff Managers' and
  // Admins' (equipment is staff reference data), so only they create, change and delete plans.
  plans: { internal: User, external: User },
  plansManage: { internal: Manager, external: Never },
  // decision (issue 24): follow-up actions read like plans (staff Managers and Admins all, staff Users those assigned
  // to them, distributors those on their company's machines); managers decide proposals, assign and close; an
  // assignee closes their own action (checked in the service).
  actions: { internal: User, external: User },
  actionsManage: { internal: Manager, external: Never },
} satisfies Record<string, Permission>;

export type PermissionName = keyof typeof P;
