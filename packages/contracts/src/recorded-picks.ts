import { readTextTranslations, type TextTranslations } from './text-translations.js';

/**
 * Recorded results never change (issue 9): a result's `content` stores the picks by id and, beside them, the
 * texts the inspector saw when picking. Point authoring renames options in place and hard-deletes what an
 * update omits; a report of last year must still print the option its inspector chose. Every writer of
 * result content calls `recordPickTexts`; every reader goes through `readRecordedPicks`.
 *
 * Stored shape (all text keys optional: results written before migration 0014 may lack them):
 *   rangeValues:     [{ rangeValueId, value, title, followUp?, ownerOptionId?, ownerOptionName? }]  followUp: an option's
 *                    follow-up range value; owner: the option asking for it (issue 20: it prints while that option is picked)
 *   multipleChoices: [{ multipleChoiceId, selectedOptionIds, title, radio, options: [{ id, title }] }]  every option shown
 *   dropdowns:       [{ dropdownId, selectedOptionIds, title, multiselect, hideImages, selectedOptions: [{ id, title, imageId }] }]
 * Issue 19: every recorded text may carry `translations` ({ [language]: { text, source } }, text-translations.ts), recorded
 * with it from the library; an entry without the key was recorded before and reads the library's of today.
 */

export interface RecordedOption {
  id: string;
  title: string;
  translations?: TextTranslations;
}
export interface RecordedDropdownOption extends RecordedOption {
  imageId: string | null;
}
export interface RecordedRangeValue {
  rangeValueId: string;
  value: string | null;
  title?: string;
  followUp?: boolean;
  /** Issue 20: the option (id and name, radio options are picked by name) whose follow-up this is. */
  ownerOptionId?: string;
  ownerOptionName?: string;
  translations?: TextTranslations;
}
export interface RecordedChoice {
  multipleChoiceId: string;
  selectedOptionIds: string[];
  title?: string;
  radio?: boolean;
  options?: RecordedOption[];
  translations?: TextTranslations;
}
export interface RecordedDropdown {
  dropdownId: string;
  selectedOptionIds: string[];
  title?: string;
  multiselect?: boolean;
  hideImages?: boolean;
  selectedOptions?: RecordedDropdownOption[];
  translations?: TextTranslations;
}
export interface RecordedPicks {
  rangeValues: RecordedRangeValue[];
  multipleChoices: RecordedChoice[];
  dropdowns: RecordedDropdown[];
}

/** The library texts of one point at the time of writing (TEditPointConfig fits it). */
export interface PickLibrary {
  rangeValues: readonly RecordedOption[];
  /** Follow-up range values of the point's options (radio, choice, dropdown), with the option asking for each. */
  followUps: readonly (RecordedOption & { ownerOptionId?: string; ownerOptionName?: string })[];
  multipleChoices: readonly { id: string; title: string; radio: boolean; options: readonly RecordedOption[]; translations?: TextTranslations }[];
  dropdowns: readonly { id: string; title: string; multiselect: boolean; hideImages: boolean; options: readonly RecordedDropdownOption[]; translations?: TextTranslations }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s): s is string => !!s) : []);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const only = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const options = (v: unknown): RecordedOption[] | undefined =>
  Array.isArray(v) ? arr(v).filter((o) => str(o.id)).map((o) => only({ id: str(o.id)!, title: str(o.title) ?? '', translations: readTextTranslations(o.translations) })) : undefined;

/** The picks of a stored content, leniently (a malformed entry is skipped), with whatever texts they recorded. */
export function readRecordedPicks(content: unknown): RecordedPicks {
  const c = isObj(content) ? content : {};
  return {
    rangeValues: arr(c.rangeValues).filter((r) => str(r.rangeValueId)).map((r) => only({
      rangeValueId: str(r.rangeValueId)!, value: str(r.value), title: text(r.title), followUp: r.followUp === true ? true : undefined,
      ownerOptionId: text(r.ownerOptionId), ownerOptionName: text(r.ownerOptionName), translations: readTextTranslations(r.translations),
    })),
    multipleChoices: arr(c.multipleChoices).filter((m) => str(m.multipleChoiceId)).map((m) => only({
      multipleChoiceId: str(m.multipleChoiceId)!, selectedOptionIds: strs(m.selectedOptionIds), title: text(m.title), radio: bool(m.radio), options: options(m.options),
      translations: readTextTranslations(m.translations),
    })),
    dropdowns: arr(c.dropdowns).filter((d) => str(d.dropdownId)).map((d) => only({
      dropdownId: str(d.dropdownId)!, selectedOptionIds: strs(d.selectedOptionIds), title: text(d.title), multiselect: bool(d.multiselect), hideImages: bool(d.hideImages),
      selectedOptions: Array.isArray(d.selectedOptions)
        ? arr(d.selectedOptions).filter((o) => str(o.id)).map((o) => only({ id: str(o.id)!, title: str(o.title) ?? '', imageId: str(o.imageId), translations: readTextTranslations(o.translations) }))
        : undefined,
      translations: readTextTranslations(d.translations),
    })),
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const byId = <T, K extends keyof T>(list: readonly T[], key: K) => new Map(list.map((x) => [x[key] as unknown as string, x]));

/**
 * The picks to store with the texts they are recorded with. An entry that did not change since `previous` (same
 * value, same selected options) keeps what it recorded then; a changed or new entry records the library's texts
 * of now, and an option the library no longer has keeps the text `previous` recorded for it.
 */
export function recordPickTexts(
  picks: {
    rangeValues: readonly { rangeValueId: string; value: string | null }[];
    multipleChoices: readonly { multipleChoiceId: string; selectedOptionIds: readonly string[] }[];
    dropdowns: readonly { dropdownId: string; selectedOptionIds: readonly string[] }[];
  },
  library: PickLibrary,
  previous?: unknown,
): RecordedPicks {
  const prev = readRecordedPicks(previous);
  const prevRanges = byId(prev.rangeValues, 'rangeValueId');
  const prevChoices = byId(prev.multipleChoices, 'multipleChoiceId');
  const prevDropdowns = byId(prev.dropdowns, 'dropdownId');
  const ranges = byId(library.rangeValues, 'id');
  const followUps = byId(library.followUps, 'id');
  const choices = byId(library.multipleChoices, 'id');
  const dropdowns = byId(library.dropdowns, 'id');

  const rangeValues = picks.rangeValues.map((r): RecordedRangeValue => {
    const old = prevRanges.get(r.rangeValueId);
    if (old?.title !== undefined && old.value === r.value) return only({ ...old, value: r.value });
    const own = ranges.get(r.rangeValueId);
    const follow = own ? undefined : followUps.get(r.rangeValueId);
    const title = own?.title ?? follow?.title ?? old?.title;
    const translations = own ? own.translations : follow ? follow.translations : old?.translations;
    const owner = follow ? { ownerOptionId: follow.ownerOptionId, ownerOptionName: follow.ownerOptionName } : own ? {} : { ownerOptionId: old?.ownerOptionId, ownerOptionName: old?.ownerOptionName };
    return only({ rangeValueId: r.rangeValueId, value: r.value, title, followUp: follow ? true : own ? undefined : old?.followUp, ...owner, translations });
  });

  const multipleChoices = picks.multipleChoices.map((m): RecordedChoice => {
    const selected = [...m.selectedOptionIds];
    const old = prevChoices.get(m.multipleChoiceId);
    if (old?.title !== undefined && old.options && sameIds(old.selectedOptionIds, selected)) return { ...old, selectedOptionIds: selected };
    const live = choices.get(m.multipleChoiceId);
    if (!live) return old ? { ...old, selectedOptionIds: selected } : { multipleChoiceId: m.multipleChoiceId, selectedOptionIds: selected };
    const liveIds = new Set(live.options.map((o) => o.id));
    // A picked option gone from the library keeps its recorded text, so the report still shows it ticked.
    const gone = (old?.options ?? []).filter((o) => selected.includes(o.id) && !liveIds.has(o.id));
    return only({
      multipleChoiceId: m.multipleChoiceId, selectedOptionIds: selected, title: live.title, radio: live.radio,
      options: [...live.options.map((o) => only({ id: o.id, title: o.title, translations: o.translations })), ...gone],
      translations: live.translations,
    });
  });

  const dropdownsOut = picks.dropdowns.map((d): RecordedDropdown => {
    const selected = [...d.selectedOptionIds];
    const old = prevDropdowns.get(d.dropdownId);
    if (old?.title !== undefined && old.selectedOptions && sameIds(old.selectedOptionIds, selected)) return { ...old, selectedOptionIds: selected };
    const live = dropdowns.get(d.dropdownId);
    const liveOptions = byId(live?.options ?? [], 'id');
    const oldOptions = byId(old?.selectedOptions ?? [], 'id');
    const selectedOptions = selected.flatMap((id) => {
      const o = liveOptions.get(id) ?? oldOptions.get(id);
      return o ? [only({ id, title: o.title, imageId: o.imageId, translations: o.translations })] : [];
    });
    if (!live) return old ? { ...old, selectedOptionIds: selected, selectedOptions } : { dropdownId: d.dropdownId, selectedOptionIds: selected };
    return only({
      dropdownId: d.dropdownId, selectedOptionIds: selected, title: live.title, multiselect: live.multiselect, hideImages: live.hideImages, selectedOptions,
      translations: live.translations,
    });
  });

  return { rangeValues, multipleChoices, dropdowns: dropdownsOut };
}

/** A point configuration (or any object of the same parts) as the library texts `recordPickTexts` records. */
export function pickLibraryOf(config: {
  /** Issue 19: the library's translations by item id (TEditPointConfig.textTranslations). */
  textTranslations?: Record<string, TextTranslations>;
  rangeValues: readonly RecordedOption[];
  optionGroup?: { options: readonly { id?: string; name?: string; followUpRangeValue: RecordedOption | null }[] } | null;
  multipleChoices: readonly { id: string; title: string; radio: boolean; options: readonly (RecordedOption & { followUpRangeValue?: RecordedOption | null })[] }[];
  dropdowns: readonly { id: string; title: string; multiselect: boolean; hideImages: boolean; options: readonly (RecordedDropdownOption & { followUpRangeValue?: RecordedOption | null })[] }[];
}): PickLibrary {
  const tr = config.textTranslations;
  // With a translation map, an item without translations records `{}` (recorded: none then); without one, nothing.
  const of = (id: string) => (tr ? tr[id] ?? {} : undefined);
  const owners = [
    ...(config.optionGroup?.options ?? []).map((o) => ({ id: o.id, name: o.name, followUpRangeValue: o.followUpRangeValue })),
    ...config.multipleChoices.flatMap((c) => c.options).map((o) => ({ id: o.id, name: undefined, followUpRangeValue: o.followUpRangeValue })),
    ...config.dropdowns.flatMap((d) => d.options).map((o) => ({ id: o.id, name: undefined, followUpRangeValue: o.followUpRangeValue })),
  ];
  const followUps = owners.flatMap((o) => (o.followUpRangeValue
    ? [only({ id: o.followUpRangeValue.id, title: o.followUpRangeValue.title, translations: of(o.followUpRangeValue.id), ownerOptionId: o.id, ownerOptionName: o.name })]
    : []));
  return {
    rangeValues: config.rangeValues.map((r) => only({ id: r.id, title: r.title, translations: of(r.id) })),
    followUps,
    multipleChoices: config.multipleChoices.map((c) => only({
      id: c.id, title: c.title, radio: c.radio, options: c.options.map((o) => only({ id: o.id, title: o.title, translations: of(o.id) })), translations: of(c.id),
    })),
    dropdowns: config.dropdowns.map((d) => only({
      id: d.id, title: d.title, multiselect: d.multiselect, hideImages: d.hideImages,
      options: d.options.map((o) => only({ id: o.id, title: o.title, imageId: o.imageId, translations: of(o.id) })), translations: of(d.id),
    })),
  };
}

/**
 * Beside the picks, a result records what its report judges it by (issue 9): a radio point's option names
 * (`optionNames`, the list the report prints with the selection) and a measured point's limits (`limits`: the
 * thresholds its value was measured against, null when none applied), title, unit and table title. Results written before either have no key:
 * the report then reads the library.
 */
export interface RecordedLimits {
  criticalLow: number | null;
  low: number | null;
  high: number | null;
  criticalHigh: number | null;
}
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What a result recorded beside its picks; a key it lacks is undefined (the library's then applies). */
export interface RecordedJudgement {
  optionNames?: string[];
  limits?: RecordedLimits | null;
  /** A measured point's title, unit symbol and table title (a value of 45 stays '45 mm' after the unit changes). */
  measurementTitle?: string | null;
  unit?: string | null;
  fieldTitle?: string | null;
  /** Issue 19: the translations recorded with the texts above (`optionTranslations` parallel to `optionNames`). */
  optionTranslations?: TextTranslations[];
  measurementTitleTranslations?: TextTranslations;
  fieldTitleTranslations?: TextTranslations;
}
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function readRecordedJudgement(content: unknown): RecordedJudgement {
  const c = isObj(content) ? content : {};
  const out: RecordedJudgement = {};
  for (const key of ['measurementTitle', 'unit', 'fieldTitle'] as const) if (key in c) out[key] = textOrNull(c[key]);
  if (Array.isArray(c.optionNames)) out.optionNames = c.optionNames.filter((n): n is string => typeof n === 'string');
  if (Array.isArray(c.optionTranslations)) out.optionTranslations = c.optionTranslations.map((t) => readTextTranslations(t) ?? {});
  for (const key of ['measurementTitleTranslations', 'fieldTitleTranslations'] as const) {
    const t = readTextTranslations(c[key]);
    if (t) out[key] = t;
  }
  if ('limits' in c) {
    const l = c.limits;
    out.limits = isObj(l) ? { criticalLow: num(l.criticalLow), low: num(l.low), high: num(l.high), criticalHigh: num(l.criticalHigh) } : null;
  }
  return out;
}

/** What a point judges a result by at the time of writing (`judgementLibraryOf` makes it from a TEditPointConfig). */
export interface JudgementLibrary {
  type: string;
  /** A radio point's option names, in the library's order. */
  optionNames: readonly string[];
  /** The limits of the inspection's model, else its family's; null when none apply. */
  limits: RecordedLimits | null;
  measurementTitle: string | null;
  unit: string | null;
  fieldTitle: string | null;
  optionTranslations?: TextTranslations[];
  measurementTitleTranslations?: TextTranslations;
  fieldTitleTranslations?: TextTranslations;
}

const RADIO_TYPES = ['RadioButtonSelection', 'RadioButtonSelectionAndRangeValues'];
const TABLE_TYPES = ['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
const MEASURED_TYPES = ['Measurement', ...TABLE_TYPES];

/**
 * The judgement keys to store beside the picks; every writer of result content calls it. What `previous` recorded
 * stays: limits stay what the value was first measured against (an old report keeps its marks) and a value of 45
 * recorded in mm stays '45 mm' after the unit changes. A radio result keeps its recorded option names while its
 * selection is among them (so it stays valid after the option was renamed or removed); a selection outside them
 * records today's list. Only the keys of the point's type are returned.
 */
export function recordJudgement(library: JudgementLibrary, selection: string | null, previous?: unknown): RecordedJudgement {
  const judged = readRecordedJudgement(previous);
  const out: RecordedJudgement = {};
  if (RADIO_TYPES.includes(library.type)) {
    const kept = judged.optionNames && (!selection || judged.optionNames.includes(selection)) ? judged.optionNames : null;
    out.optionNames = kept ?? [...library.optionNames];
    // Translations go with the texts they translate: kept with kept names, today's with today's.
    const translations = kept ? judged.optionTranslations : library.optionTranslations;
    if (translations) out.optionTranslations = translations;
  }
  if (MEASURED_TYPES.includes(library.type)) {
    out.limits = judged.limits !== undefined ? judged.limits : library.limits;
    const keptTitle = judged.measurementTitle !== undefined;
    out.measurementTitle = keptTitle ? judged.measurementTitle : library.measurementTitle;
    const titleTr = keptTitle ? judged.measurementTitleTranslations : library.measurementTitleTranslations;
    if (titleTr) out.measurementTitleTranslations = titleTr;
    out.unit = judged.unit !== undefined ? judged.unit : library.unit;
    if (TABLE_TYPES.includes(library.type)) {
      const keptField = judged.fieldTitle !== undefined;
      out.fieldTitle = keptField ? judged.fieldTitle : library.fieldTitle;
      const fieldTr = keptField ? judged.fieldTitleTranslations : library.fieldTitleTranslations;
      if (fieldTr) out.fieldTitleTranslations = fieldTr;
    }
  }
  return out;
}

/** A point configuration (or any object of the same parts) as what `recordJudgement` records. */
export function judgementLibraryOf(config: {
  type: string;
  textTranslations?: Record<string, TextTranslations>;
  optionGroup?: { options: readonly { id?: string; name: string }[] } | null;
  limits?: RecordedLimits | null;
  measurementTitle: string | null;
  unitValue: string | null;
  fieldTitle: string | null;
}): JudgementLibrary {
  const tr = config.textTranslations;
  return {
    type: config.type, optionNames: (config.optionGroup?.options ?? []).map((o) => o.name), limits: config.limits ?? null,
    measurementTitle: config.measurementTitle, unit: config.unitValue, fieldTitle: config.fieldTitle,
    ...(tr ? {
      optionTranslations: (config.optionGroup?.options ?? []).map((o) => (o.id ? tr[o.id] : undefined) ?? {}),
      measurementTitleTranslations: tr.measurementTitle ?? {},
      fieldTitleTranslations: tr.fieldTitle ?? {},
    } : {}),
  };
}
