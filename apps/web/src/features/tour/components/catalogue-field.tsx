import { useCallback, useId, useMemo, useState } from 'react';
import { useController, useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Select, cn, countryName, type SelectValue } from '@tourdesk/ui';
import { X } from 'lucide-react';
import type { CatalogueKind } from '@tourdesk/contract/api/tour-routes';
import type { Ref } from '@tourdesk/contract/entities/tour';
import { errorAt, valueAt } from '../../../lib/form/paths';
import { catalogueLanguageOf, useCatalogue, type CatalogueLanguage } from '../api/catalogue';

/** An option of the pickers: its value, its name in the interface language, and what else a search finds it by. */
interface PickOption {
  value: SelectValue;
  text: string;
  /** the name in the other language, the code */
  alt?: string;
}
type PickItem = PickOption | { header: string };

/** Case, ё and surrounding spaces aside: how a search compares names. */
const fold = (s: string): string => s.trim().toLocaleLowerCase().replaceAll('ё', 'е');
const matches = (option: PickItem, query: string): boolean => {
  if ('header' in option) return false;
  const q = fold(query);
  return fold(option.text).includes(q) || (option.alt !== undefined && fold(option.alt).includes(q));
};

/** The field's error: on the field itself, or on one of its values (`regions.2`: an unknown id). */
const errorOf = (errors: FieldErrors, name: string): string | undefined => {
  const own = errorAt(errors, name);
  if (own) return own;
  const items = valueAt(errors, name);
  if (!Array.isArray(items)) return undefined;
  for (const item of items as unknown[]) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
};

interface ChipsSelectProps {
  name: string;
  label: string;
  description?: string;
  multiple: boolean;
  options: readonly PickItem[];
  /** the chosen values as the form holds them */
  values: SelectValue[];
  /** a chosen value's name (also for values the options do not hold yet) */
  textOf: (value: SelectValue) => string;
  onChange: (values: SelectValue[]) => void;
  onBlur: () => void;
  /** react-hook-form's field ref: the form focuses the field through it (an error, the publishing summary) */
  fieldRef: (instance: { focus: () => void } | null) => void;
  error?: string;
  onOpenChange?: (open: boolean) => void;
  status?: 'loading' | 'failed';
  onRetry?: () => void;
  className?: string;
}

/**
 * A searchable select whose chosen values show as removable chips under it (one value: in the
 * select itself, with a clear button). Labelled, with its description and error tied to it.
 */
function ChipsSelect({
  name,
  label,
  description,
  multiple,
  options,
  values,
  textOf,
  onChange,
  onBlur,
  fieldRef,
  error,
  onOpenChange,
  status,
  onRetry,
  className,
}: ChipsSelectProps) {
  const { t } = useTranslation('tours');
  const id = useId();
  const selectId = `${id}-select`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const statusId = status ? `${id}-status` : undefined;
  const describedBy = [descriptionId, statusId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id: selectId,
    searchable: true,
    options,
    textKey: 'text',
    valueKey: 'value',
    filter: matches,
    searchPlaceholder: t('catalogue.search'),
    invalid: Boolean(error),
    'aria-describedby': describedBy,
    onOpenChange: (open: boolean) => {
      onOpenChange?.(open);
      if (!open) onBlur();
    },
  } as const;
  const single = values[0];
  const focusRef = useCallback(
    (el: HTMLDivElement | null) => fieldRef(el && { focus: () => document.getElementById(selectId)?.focus() }),
    [fieldRef, selectId],
  );
  return (
    <div ref={focusRef} data-field={name} className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {multiple ? (
        <Select<PickItem>
          {...common}
          multiple
          value={values}
          // the chosen values are the chips below; the select offers more
          renderValue={() => null}
          placeholder={t('catalogue.choose')}
          onChange={(next) => onChange(next)}
        />
      ) : (
        <div className="flex items-center gap-2">
          <Select<PickItem>
            {...common}
            className="min-w-0 flex-1"
            value={single ?? null}
            renderValue={() => (single === undefined ? null : textOf(single))}
            placeholder={t('catalogue.chooseOne')}
            onChange={(next) => onChange(next === null ? [] : [next])}
          />
          {single !== undefined && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange([])}
              aria-label={t('catalogue.remove', { name: textOf(single) })}
            >
              <X size={15} aria-hidden="true" />
              {t('catalogue.clear')}
            </Button>
          )}
        </div>
      )}
      {multiple && values.length > 0 && (
        <ul aria-label={t('catalogue.chosen')} className="flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li
              key={String(value)}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-0.5 ps-3 pe-1 text-sm text-primary-900 dark:bg-neutral-100 dark:text-neutral-900"
            >
              <span className="min-w-0 truncate">{textOf(value)}</span>
              <button
                type="button"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-primary-700 hover:bg-primary-100 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none"
                aria-label={t('catalogue.remove', { name: textOf(value) })}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {description && (
        <p id={descriptionId} className="text-xs text-neutral-500">
          {description}
        </p>
      )}
      {status && (
        <p id={statusId} role="status" className="flex flex-wrap items-center gap-2 text-xs text-neutral-500">
          {status === 'loading' ? t('catalogue.loading') : t('catalogue.loadFailed')}
          {status === 'failed' && onRetry && (
            <Button variant="link" size="sm" onClick={onRetry}>
              {t('catalogue.retry')}
            </Button>
          )}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids a catalogue value holds: ids, or the stored tour's `{ id, name }` refs read as their ids. */
export const catalogueIdsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
    .map((v: unknown) => (typeof v === 'number' ? v : (v as { id?: unknown } | null)?.id))
    .filter((id): id is number => typeof id === 'number');

const refsOf = (value: unknown): Ref[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (v): v is Ref => typeof v === 'object' && v !== null && typeof (v as Ref).id === 'number',
  );

export interface CatalogueFieldProps {
  /** the form path: an array of catalogue ids (`regions`, `host_cities`, …), or one id or null (`main_activity`) */
  name: string;
  kind: CatalogueKind;
  label: string;
  /** true: many values (an array of ids); false: one value (an id or null). Default true */
  multiple?: boolean;
  /** names of values already chosen (the stored tour's refs), shown before the list has loaded */
  selected?: readonly Ref[];
  description?: string;
  className?: string;
}

/**
 * Values of the tour catalogue (GET tour/catalogue: regions, cities, rest kinds, collections,
 * showplaces, activities) in a searchable select, the chosen ones as removable chips. Each kind's
 * list holds tens of values, so it is loaded once per session and filtered here, by its name in
 * either language (the other language's names load when the list first opens), as the server's
 * own search does. The form holds ids: `number[]`, or `number | null` with `multiple={false}`.
 */
export function CatalogueField({
  name,
  kind,
  label,
  multiple = true,
  selected,
  description,
  className,
}: CatalogueFieldProps) {
  const { i18n } = useTranslation();
  const { control, formState } = useFormContext();
  const { field } = useController({ control, name });
  const language = catalogueLanguageOf(i18n.language);
  const other: CatalogueLanguage = language === 'ru' ? 'en' : 'ru';
  const [opened, setOpened] = useState(false);
  const list = useCatalogue(kind, language);
  const otherList = useCatalogue(kind, other, opened);
  const ids = catalogueIdsOf(field.value);

  const options = useMemo<PickOption[]>(() => {
    const otherNames = new Map((otherList.data ?? []).map((r) => [r.id, r.name]));
    return (list.data ?? []).map((r) => ({ value: r.id, text: r.name, alt: otherNames.get(r.id) }));
  }, [list.data, otherList.data]);
  // names from the list, else from what the caller, the form or its defaults (a stored tour's refs) hold
  const stored = valueAt(formState.defaultValues, name);
  const names = useMemo(() => {
    const map = new Map<SelectValue, string>();
    for (const r of [...(selected ?? []), ...refsOf(stored), ...refsOf(field.value)]) map.set(r.id, r.name);
    for (const o of options) map.set(o.value, o.text);
    return map;
  }, [selected, stored, field.value, options]);

  return (
    <ChipsSelect
      name={name}
      label={label}
      description={description}
      multiple={multiple}
      options={options}
      values={ids}
      textOf={(v) => names.get(v) ?? `#${v}`}
      onChange={(next) => {
        const numbers = next.map(Number);
        field.onChange(multiple ? numbers : (numbers[0] ?? null));
      }}
      onBlur={field.onBlur}
      fieldRef={field.ref}
      error={errorOf(formState.errors, name)}
      onOpenChange={(open) => open && setOpened(true)}
      status={list.isPending ? 'loading' : list.isError ? 'failed' : undefined}
      onRetry={() => void list.refetch()}
      className={className}
    />
  );
}

// ─── Countries and languages ─────────────────────────────────────────────────

/** ISO 3166-1 alpha-2: every country code (a tour's `countries`). */
export const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN ' +
  'MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
/** The brands' destinations, offered first. */
const MAIN_COUNTRIES = ['RU', 'KZ', 'BY', 'UZ', 'KG', 'TJ', 'AM', 'GE', 'AZ', 'MN', 'TR', 'CN', 'AE', 'TH', 'VN'];

/** ISO 639-1: every two-letter language code (a tour's guiding `languages`). */
export const ISO_LANGUAGE_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en ' +
  'eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja ' +
  'jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb ' +
  'nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq ' +
  'sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');
const MAIN_LANGUAGES = ['ru', 'en', 'de', 'fr', 'es', 'it', 'zh', 'tr', 'ar', 'kk', 'uz', 'ky', 'hy', 'ka', 'az', 'be'];

const languageNames = new Map<string, Intl.DisplayNames | null>();
/** A language's name in `locale` (capitalised: Russian names are lower case), the code when unknown. */
export const languageName = (code: string, locale: CatalogueLanguage): string => {
  if (!languageNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    } catch {
      names = null;
    }
    languageNames.set(locale, names);
  }
  let name = code;
  try {
    name = languageNames.get(locale)?.of(code) ?? code;
  } catch {
    name = code;
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};

/** Options in two groups: the main ones first, then all the others by name. */
const grouped = (
  codes: readonly string[],
  main: readonly string[],
  option: (code: string) => PickOption,
  headers: [string, string],
  locale: string,
): PickItem[] => {
  const rest = codes
    .filter((c) => !main.includes(c))
    .map(option)
    .sort((a, b) => a.text.localeCompare(b.text, locale));
  return [{ header: headers[0] }, ...main.map(option), { header: headers[1] }, ...rest];
};

/** A list of codes from the form: strings only, in the case the field keeps. */
const codesOf = (value: unknown, upper: boolean): string[] =>
  (Array.isArray(value) ? value : [])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map((v) => (upper ? v.toUpperCase() : v.toLowerCase()));

interface CodesFieldProps {
  name: string;
  label: string;
  description?: string;
  className?: string;
}

/** One kind of ISO codes: the list, the usual ones first, how a code is named, the group headings. */
interface CodeKind {
  codes: readonly string[];
  main: readonly string[];
  upper: boolean;
  nameOf: (code: string, language: CatalogueLanguage) => string;
  headers: readonly [popular: string, all: string];
}
const COUNTRIES: CodeKind = {
  codes: ISO_COUNTRY_CODES,
  main: MAIN_COUNTRIES,
  upper: true,
  nameOf: countryName,
  headers: ['catalogue.popularCountries', 'catalogue.allCountries'],
};
const LANGUAGES: CodeKind = {
  codes: ISO_LANGUAGE_CODES,
  main: MAIN_LANGUAGES,
  upper: false,
  nameOf: languageName,
  headers: ['catalogue.popularLanguages', 'catalogue.allLanguages'],
};

/** ISO codes of one kind in a searchable select with chips, named in the interface language. */
function CodesField({ kind, name, label, description, className }: CodesFieldProps & { kind: CodeKind }) {
  const { t, i18n } = useTranslation('tours');
  const { control, formState } = useFormContext();
  const { field } = useController({ control, name });
  const language = catalogueLanguageOf(i18n.language);
  const other: CatalogueLanguage = language === 'ru' ? 'en' : 'ru';
  const options = useMemo(
    () =>
      grouped(
        kind.codes,
        kind.main,
        (code) => ({ value: code, text: kind.nameOf(code, language), alt: `${kind.nameOf(code, other)} ${code}` }),
        [t(kind.headers[0]), t(kind.headers[1])],
        language,
      ),
    [kind, language, other, t],
  );
  return (
    <ChipsSelect
      name={name}
      label={label}
      description={description}
      multiple
      options={options}
      values={codesOf(field.value, kind.upper)}
      textOf={(code) => kind.nameOf(String(code), language)}
      onChange={(next) => field.onChange(next.map(String))}
      onBlur={field.onBlur}
      fieldRef={field.ref}
      error={errorOf(formState.errors, name)}
      className={className}
    />
  );
}

/**
 * A tour's countries (`countries`: ISO 3166-1 alpha-2 codes, upper case): names in the interface
 * language (Intl.DisplayNames), found by their English or Russian name or by code; the main
 * destinations first.
 */
export const CountriesField = (props: CodesFieldProps) => <CodesField kind={COUNTRIES} {...props} />;

/**
 * A tour's guiding languages (`languages`: ISO 639-1 codes, lower case), named and found the same
 * way; the usual ones first.
 */
export const LanguagesField = (props: CodesFieldProps) => <CodesField kind={LANGUAGES} {...props} />;
