import { sql } from 'kysely';
import { enqueueJob, refreshInspectionSearchText, writeAuditTrail, type Db } from '@insp/db';
import { hasConfigurator, InspectionPartFields, InspectionTextFields, P, type InspectionTextField, type InspectionVersionedField, type TInspectionEdit, type TInspectionUpdate, type TOverwritten } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { requireEditableInspection } from './inspection-edit.access.js';
import { usableImageIds } from './inspection-edit.files.js';
import { loadInspectionEdit } from './inspection-edit.load.js';
import { badField, writeResults, type ResultItem, type SaveContent } from './inspection-edit.save.js';
import { insertExtraPoint } from './inspection-extra-points.js';
import { saveFindings, savePriorityActions } from './inspection-sets.js';
import { missingRatingPath, missingRatings, missingRatingsError } from './required-ratings.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { nextTextVersion, overwrittenText, storedTextVersions, type StoredTextVersion } from '../../lib/text-versions.js';

/** Parts a save may leave out, which then stay as stored (the REST v1 update takes a partial inspection back). */
type KeptWhenAbsent =
  | 'contactName' | 'contactPhoneNumber' | 'contactEmail' | 'version' | 'summary' | 'comment' | 'internalComment'
  | 'customerSignature' | 'providerSignature' | 'findings' | 'priorityActions';

/** What updateInspection saves: the tRPC body (TInspectionUpdate) as it is, or a REST v1 body mapped by inspection-v1.adapter.ts. */
export type TInspectionSave = Omit<TInspectionUpdate, KeptWhenAbsent | 'categories' | 'extraPoints'> &
  Partial<Pick<TInspectionUpdate, KeptWhenAbsent>> & {
    categories: { id: string; inspectionPoints: { protocolPointId: string; content: SaveContent }[] }[];
    extraPoints: (Omit<TInspectionUpdate['extraPoints'][number], 'content'> & { content: SaveContent })[];
  };

/** `{ column: value }` when the part was sent, `{}` when it was left out (kept). */
const sent = <K extends string, V>(column: K, value: V | undefined): Partial<Record<K, V>> => (value === undefined ? {} : ({ [column]: value } as Record<K, V>));

/**
 * PUT api/v1/inspections/update?lang=en&id={id}: saves the edited inspection (000 §2.8, §4) in ONE transaction:
 * info box, texts, configurator (Commission only), signatures, results (created without id, updated with id),
 * findings and priority actions (replaced as sets), finished = true, search text, updated_by, an audit_trail row
 * and, when sendEmail, the report e-mail job in the outbox (in the language of `emailLanguage` below). Any 400 rolls all of it back. Status is not changed
 * (docs/decisions.md, "Inspection editing"). Issue 20: `finished: false` in the body saves a draft (finished stays
 * as it was); any other save finishes, and is refused while a point's required rating is missing.
 */
export async function updateInspection(ctx: ServiceContext, id: string, langParam: string, sentInput: TInspectionSave): Promise<TInspectionEdit> {
  const c = requirePermission(ctx, P.reports);
  const lang = langParam.toLowerCase();
  let input = sentInput;
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    const row = await requireEditableInspection(db, c.actor, id);
    const language = await db.selectFrom('languages').select('id').where('id', '=', lang).executeTakeFirst();
    if (lang !== 'en' && !language) throw badField('lang', 'is not a known language');
    const signatures = [input.customerSignature, input.providerSignature].filter((x): x is string => !!x);
    const usable = await usableImageIds(db, c.actor, signatures);
    if (input.customerSignature && !usable.has(input.customerSignature)) throw badField('customerSignature', 'image not found');
    if (input.providerSignature && !usable.has(input.providerSignature)) throw badField('providerSignature', 'image not found');
    const before = await db.selectFrom('inspections').select(['product_family_id', 'product_model_id', 'finished', ...Object.values(TEXT_COLUMN), ...PART_COLUMNS, 'text_versions']).where('id', '=', id).executeTakeFirstOrThrow();
    // Issue 23: the texts and parts this save changes, their new version stamps, and someone else's changes they overwrite.
    const texts = await fieldWrites(db, c.actor.userId, before, input, hasConfigurator(row.type));
    input = texts.input;
    const contactEmail = input.contactEmail === undefined ? before.contact_email : input.contactEmail;
    if (input.sendEmail && !contactEmail) throw badField('contactEmail', 'is required to send the report by e-mail');
    const emailLang = input.sendEmail ? await emailLanguage(db, id, lang, input.emailLanguage) : lang;

    const finishing = input.finished !== false;
    await db
      .updateTable('inspections')
      .set({
        ...(input.inspectionDate !== undefined ? { inspection_date: new Date(input.inspectionDate) } : {}),
        ...(input.started !== undefined ? { started_at: input.started == null ? null : new Date(input.started) } : {}),
        ...(input.ended !== undefined ? { ended_at: input.ended == null ? null : new Date(input.ended) } : {}),
        ...(input.inspector !== undefined ? { inspector: input.inspector } : {}),
        ...(input.inspectorContact !== undefined ? { inspector_contact: input.inspectorContact } : {}),
        ...sent('contact_name', input.contactName),
        ...sent('contact_phone', input.contactPhoneNumber),
        ...sent('contact_email', input.contactEmail),
        ...sent('version', input.version),
        ...sent('summary', input.summary),
        ...sent('comment', input.comment),
        ...sent('internal_comment', input.internalComment),
        // spec 000 §2.9: the configurator belongs to type Commission (and Equipment_Configurator, issue 20); other types keep what they hold.
        ...(hasConfigurator(row.type) && input.equipmentConfigurator !== undefined
          ? { equipment_configurator: input.equipmentConfigurator == null ? null : JSON.stringify(input.equipmentConfigurator) }
          : {}),
        ...sent('customer_signature_image_id', input.customerSignature),
        ...sent('provider_signature_image_id', input.providerSignature),
        ...(texts.stamps ? { text_versions: sql`text_versions || ${JSON.stringify(texts.stamps)}::jsonb` } : {}),
        send_email: input.sendEmail,
        // spec 000 §4: saving an edited inspection sets finished to true (a draft, issue 20, leaves it as it was).
        ...(finishing ? { finished: true, finished_at: row.finished_at ?? new Date() } : {}),
        updated_by_user_id: c.actor.userId,
      })
      .where('id', '=', id)
      .execute();

    const items: ResultItem[] = input.categories.flatMap((cat, ci) =>
      cat.inspectionPoints.map((p, pi) => ({ path: `categories.${ci}.inspectionPoints.${pi}`, categoryId: cat.id, protocolPointId: p.protocolPointId, content: p.content })),
    );
    items.push(...(await extraPointItems(db, id, input)));
    const saved = await writeResults(db, c.actor, { id, product_family_id: before.product_family_id, product_model_id: before.product_model_id }, items);
    if (finishing) {
      const missing = await missingRatings(db, id);
      if (missing.length) throw missingRatingsError(missing, missingRatingPath(missing[0]!, input));
    }
    const sets: TOverwritten[] = [];
    if (input.findings) sets.push(...(await saveFindings(db, c.actor, id, input.findings, setBase(input, 'findings'))));
    if (input.priorityActions) sets.push(...(await savePriorityActions(db, c.actor, id, input.priorityActions, setBase(input, 'priorityActions'))));
    await refreshSearchText(db, id);
    await writeAuditTrail(db, {
      entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'update',
      changes: { finished: [before.finished, finishing || before.finished], resultsCreated: saved.filter((s) => s.created).length, resultsUpdated: saved.filter((s) => s.id && !s.created).length, sendEmail: input.sendEmail },
    });
    if (input.sendEmail) await enqueueJob(db, 'report.email', { inspectionId: id, lang: emailLang, to: contactEmail! });
    const overwritten = [...texts.overwritten, ...saved.flatMap((s) => (s.overwritten ? [s.overwritten] : [])), ...sets];
    const edit = await loadInspectionEdit(db, id, { internal: true });
    return overwritten.length ? { ...edit, overwritten } : edit;
  });
}

/** The column of each versioned text (`InspectionTextFields`). */
const TEXT_COLUMN = {
  inspector: 'inspector', inspectorContact: 'inspector_contact', contactName: 'contact_name', contactPhoneNumber: 'contact_phone',
  contactEmail: 'contact_email', version: 'version', summary: 'summary', comment: 'comment', internalComment: 'internal_comment',
} as const satisfies Record<InspectionTextField, string>;

/** The columns of the other versioned parts (`InspectionPartFields`). */
const PART_COLUMNS = ['inspection_date', 'started_at', 'ended_at', 'customer_signature_image_id', 'provider_signature_image_id', 'equipment_configurator'] as const;
type Before = Record<(typeof TEXT_COLUMN)[InspectionTextField], string | null> & { text_versions: unknown; inspection_date: Date; started_at: Date | null; ended_at: Date | null; customer_signature_image_id: string | null; provider_signature_image_id: string | null; equipment_configurator: unknown };

const ms = (d: Date | number | null | undefined) => (d == null ? null : new Date(d).getTime());
/** A part as stored and as sent, in one comparable form. */
const PART_VALUE = {
  inspectionDate: [(b: Before) => ms(b.inspection_date), ms],
  started: [(b: Before) => ms(b.started_at), ms],
  ended: [(b: Before) => ms(b.ended_at), ms],
  customerSignature: [(b: Before) => b.customer_signature_image_id, (v: unknown) => v ?? null],
  providerSignature: [(b: Before) => b.provider_signature_image_id, (v: unknown) => v ?? null],
  equipmentConfigurator: [(b: Before) => canonicalJson(b.equipment_configurator), (v: unknown) => canonicalJson(v)],
} as const satisfies Record<(typeof InspectionPartFields)[number], readonly [(b: Before) => unknown, (v: never) => unknown]>;

/** A set's bases in a save (`partVersions.findings`): with partVersions, an empty set of bases when it names none. */
const setBase = (input: TInspectionSave, set: 'findings' | 'priorityActions') => (input.partVersions ? (input.partVersions[set] ?? {}) : undefined);

/**
 * Issue 23, two people editing the texts and parts of one inspection (the row is locked by requireEditableInspection):
 * with `fieldVersions` (texts) or `partVersions` (dates, signatures, configurator), a field it does not name is kept
 * as stored (the client did not change it; its copy may be older than what someone else saved meanwhile). A field
 * written with another value than stored gets a new version stamp; one someone else wrote after the version the
 * client started from is reported as overwritten (the later save wins). Without the bases (older clients) every
 * field sent is written, stamped, and nothing is reported. The configurator counts only where it is saved.
 */
async function fieldWrites(db: Db, userId: string, stored: Before, sent: TInspectionSave, withConfigurator: boolean) {
  const input: TInspectionSave = { ...sent };
  const versions = storedTextVersions(stored.text_versions);
  const overwritten: TOverwritten[] = [];
  const stamps: Partial<Record<InspectionVersionedField, StoredTextVersion>> = {};
  let byName: string | null | undefined;
  const fields = [
    ...InspectionTextFields.map((field) => ({ field, base: sent.fieldVersions, before: stored[TEXT_COLUMN[field]] ?? null, value: (v: unknown) => v ?? null })),
    ...InspectionPartFields.filter((f) => withConfigurator || f !== 'equipmentConfigurator')
      .map((field) => ({ field, base: sent.partVersions, before: PART_VALUE[field][0](stored), value: PART_VALUE[field][1] as (v: unknown) => unknown })),
  ];
  for (const { field, base, before, value } of fields) {
    if (input[field] === undefined) continue;
    const baseVersion = base?.[field as keyof typeof base] as number | undefined;
    if (base && baseVersion === undefined) {
      delete input[field];
      continue;
    }
    if (value(input[field]) === before) continue;
    const o = overwrittenText(field, versions[field], baseVersion, userId);
    if (o) overwritten.push(o);
    byName ??= (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name ?? null;
    stamps[field] = nextTextVersion(versions[field], userId, byName);
  }
  return { input, overwritten, stamps: Object.keys(stamps).length ? stamps : null };
}

/**
 * Issue 20: the e-mailed report (and its e-mail text) is in the language the save names (`emailLanguage`, checked
 * against `languages`: 400 naming it), else the customer's language, else the save's `lang` (older clients send
 * no emailLanguage; a customer with a language set still gets the report in it).
 */
async function emailLanguage(db: Db, inspectionId: string, lang: string, chosen: string | null): Promise<string> {
  if (chosen) {
    const known = chosen === 'en' || !!(await db.selectFrom('languages').select('id').where('id', '=', chosen).executeTakeFirst());
    if (!known) throw badField('emailLanguage', 'is not a known language');
    return chosen;
  }
  const customer = await db
    .selectFrom('inspections as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select('c.language')
    .where('i.id', '=', inspectionId)
    .executeTakeFirst();
  return customer?.language ?? lang;
}

/** Extra points: with id their result is saved; without id a new extra point of a library point is added first. */
async function extraPointItems(db: Db, inspectionId: string, input: TInspectionSave): Promise<ResultItem[]> {
  const items: ResultItem[] = [];
  const existing = new Set((await db.selectFrom('inspection_extra_points').select('id').where('inspection_id', '=', inspectionId).execute()).map((e) => e.id));
  for (const [i, e] of input.extraPoints.entries()) {
    const path = `extraPoints.${i}`;
    let extraPointId = e.id;
    if (extraPointId && !existing.has(extraPointId)) throw badField(`${path}.id`, 'is not an extra point of this inspection');
    if (!extraPointId) {
      if (!e.inspectionPointId) throw badField(`${path}.inspectionPointId`, 'is required for a new extra point');
      extraPointId = await insertExtraPoint(db, inspectionId, e.inspectionPointId, e.name, `${path}.inspectionPointId`);
    } else if (e.name) await db.updateTable('inspection_extra_points').set({ name: e.name }).where('id', '=', extraPointId).execute();
    items.push({ path, extraPointId, content: e.content });
  }
  return items;
}

/** search_text (folded name, serial, nickname, customer, site, inspector; @insp/db search-text.ts), kept on every write. */
export async function refreshSearchText(db: Db, id: string) {
  await refreshInspectionSearchText(db, { id });
}

