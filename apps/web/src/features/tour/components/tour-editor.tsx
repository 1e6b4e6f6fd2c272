import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { Button, Card, cn, Modal, toast } from '@tourdesk/ui';
import { AlertCircle, CircleCheck, Copy } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { TourUpdateBody } from '@tourdesk/contract/api/tour';
import {
  MAX_TOUR_PHOTOS,
  TOUR_FIELD_RULES,
  tourFieldIssues,
  tourPublishIssues,
} from '@tourdesk/contract/api/tour-rules';
import type { Tour } from '@tourdesk/contract/entities/tour';
import { CURRENCIES } from '@tourdesk/contract/entities/user-values';
import { SCHEDULE_TYPE, TOUR_TYPE } from '@tourdesk/contract/enum-values';
import { rules } from '@tourdesk/contract/validation';
import {
  CheckboxField,
  ChoiceField,
  DateRangeField,
  FormSection,
  NumberField,
  TextField,
} from '../../../lib/form/fields';
import { pick } from '../../../lib/form/paths';
import { RichTextField } from '../../../lib/form/rich-text-field';
import { SectionForm } from '../../../lib/form/section-form';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { translateMessage, useApiErrorToast } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/api/api-error';
import { PenaltyRows } from '../../../components/penalty-rows';
import { UnsavedChangesScope, useUnsavedChangesScope } from '../../../components/unsaved-changes-guard';
import { fetchDefaultPenalties, useCopyTour, useTourStatus, useUpdateTour } from '../api/tour';
import { TourKindFields } from './tour-fields';
import { TourDates } from './tour-dates';
import { TourPricesPart } from './tour-prices';
import { TourExport } from './tour-export';
import { CatalogueField, CountriesField, LanguagesField, catalogueIdsOf } from './catalogue-field';
import { LocationField } from './location-field';
import { GuidesField, guideIdsOf } from './tour-guides';
import { PhotoListField } from './tour-photos';
import { ImageField } from '../../../components/image-field';
import { usePartners } from '../../organizer';
import { SiteStatusBadge } from '../../partner';
import { useImageUpload } from '../../../lib/upload/use-upload';
import { AccommodationRows, CityRows, DiscountRows, ProgramDays, QuestionRows } from './tour-rows';

type Body = Omit<TourUpdateBody, 'id'>;

/** The fields of each section, as the update body names them (and the stored tour does). */
const SECTIONS = {
  basics: [
    'name',
    'screen_name',
    'type',
    'schedule_type',
    'is_periodical',
    'is_dates_preliminary',
    'is_program_preliminary',
  ],
  content: ['description', 'video_url', 'gathering_place'],
  places: [
    'countries',
    'regions',
    'host_cities',
    'showplaces',
    'main_activity',
    'rest_kinds',
    'collections',
    'languages',
  ],
  media: ['photos', 'cover_photo_id'],
  price: [
    'currency',
    'price',
    'difficulty',
    'group_min',
    'group_max',
    'duration',
    'duration_hours',
    'min_age',
    'max_age',
    'max_tourist_weight',
    'in_price',
    'not_in_price',
  ],
  program: ['program'],
  comfort: ['base', 'base_plus', 'medium', 'improved', 'premium', 'living_base', 'accommodations'],
  questions: ['questions'],
  guides: ['guides'],
  penalties: ['use_standard_cancellation_terms', 'penalties'],
  discounts: ['discounts'],
  cities: ['cities'],
  booking: [
    'booking_end_hours',
    'booking_auto_end_one_hour',
    'instant_booking',
    'is_request_period_limited',
    'request_period_from',
    'request_period_to',
    'is_insurance_included',
    'is_insurance_required',
    'insurance_description',
    'insurance_price',
  ],
  location: ['lat', 'lng', 'map_photo'],
} as const satisfies Record<string, readonly (keyof Tour)[]>;
type SectionName = keyof typeof SECTIONS;
type SectionValues<S extends SectionName> = Pick<Tour, (typeof SECTIONS)[S][number]>;

/** Numbers typed as text: whole numbers where the contract wants integers. */
const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));
const FORM_RULES_OF_TOUR = {
  price: [finite],
  group_min: [whole],
  group_max: [whole],
  duration: [whole],
  duration_hours: [finite],
  min_age: [whole],
  max_age: [whole],
  max_tourist_weight: [whole],
  booking_end_hours: [whole],
  insurance_price: [finite],
  lat: [finite],
  lng: [finite],
  'penalties.*.days_before': [rules.required(), whole],
  'penalties.*.percent': [rules.required(), finite],
  'questions.*.question': [rules.required()],
  'accommodations.*.nights': [whole],
  'accommodations.*.variants.*.price': [finite],
  'accommodations.*.variants.*.places': [whole],
  'discounts.early_booking_days.*.days_before': [whole],
  'discounts.early_booking_dates.*.value': [finite],
  'discounts.early_booking_days.*.value': [finite],
  'discounts.seasonal.*.value': [finite],
  'cities.*.city_id': [rules.required()],
  'cities.*.arrival.day': [whole],
  'cities.*.departure.day': [whole],
};

type Photo = { id: number; alt: string };
const photoRefs = (photos: readonly Photo[]): Photo[] => photos.map(({ id, alt }) => ({ id, alt }));
/**
 * What a section sends where its form shows more than the body holds: photos go by id with their
 * alt text, programme days are numbered by their place, accommodation variants leave their photos.
 */
const SECTION_BODY: Partial<Record<SectionName, (values: Record<string, unknown>) => Record<string, unknown>>> = {
  media: (v) => ({ ...v, photos: photoRefs(v.photos as Photo[]) }),
  program: (v) => ({
    program: (v.program as Tour['program']).map((d, i) => ({ ...d, day: i + 1, photos: photoRefs(d.photos) })),
  }),
  comfort: (v) => ({
    ...v,
    accommodations: (v.accommodations as Tour['accommodations']).map((a) => ({
      ...a,
      variants: a.variants.map(({ photos: _photos, ...variant }) => variant),
    })),
  }),
  // catalogue values and guides go by id (the stored tour names them)
  places: (v) => ({
    ...v,
    regions: catalogueIdsOf(v.regions),
    host_cities: catalogueIdsOf(v.host_cities),
    showplaces: catalogueIdsOf(v.showplaces),
    rest_kinds: catalogueIdsOf(v.rest_kinds),
    collections: catalogueIdsOf(v.collections),
    main_activity: catalogueIdsOf(v.main_activity)[0] ?? null,
  }),
  guides: (v) => ({ guides: guideIdsOf(v.guides) }),
  cities: (v) => ({
    cities: (v.cities as { city_id: unknown }[]).map((c) => ({ ...c, city_id: catalogueIdsOf(c.city_id)[0] ?? null })),
  }),
  location: ({ map_photo, ...v }) => ({ ...v, map_photo_id: (map_photo as Photo | null)?.id ?? null }),
  booking: (v) => (v.is_request_period_limited ? v : { ...v, request_period_from: null, request_period_to: null }),
};

/** Where a section's form holds the stored tour otherwise than by its fields: a city by its id field (holding its name). */
const SECTION_VALUES: Partial<Record<SectionName, (tour: Tour) => Record<string, unknown>>> = {
  cities: (tour) => ({ cities: tour.cities.map(({ city, ...c }) => ({ city_id: city, ...c })) }),
};

/**
 * The editor's parts in the order of the page (and of its section menu): the form sections, the
 * traveller categories and extras (saved with their own routes), the departures, the export.
 */
const PAGE_ORDER = [
  'basics',
  'content',
  'places',
  'media',
  'price',
  'categories',
  'extras',
  'dates',
  'export',
  'program',
  'comfort',
  'questions',
  'guides',
  'penalties',
  'discounts',
  'cities',
  'booking',
  'location',
] as const satisfies readonly (SectionName | 'categories' | 'extras' | 'dates' | 'export')[];
type PagePart = (typeof PAGE_ORDER)[number];

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea, select, button:not([disabled]), [tabindex="0"]';

/** Each form section tells the editor how to bring one of its fields into view with the focus on it. */
const FieldFocusContext = createContext<Map<string, (path: string) => void> | null>(null);

/** One section of the editor, saved on its own with `update`; the contract's tour checks run first. */
function TourSection<S extends SectionName>({
  tour,
  section,
  title,
  description,
  children,
}: {
  tour: Tour;
  section: S;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('tours');
  const { t: tErrors } = useTranslation();
  const update = useUpdateTour(tour.tour_organizer_id);
  const defaults = (saved: Tour) =>
    (SECTION_VALUES[section]?.(saved) ??
      pick(saved, SECTIONS[section] as readonly (keyof Tour)[])) as unknown as SectionValues<S> & FieldValues;
  // a section's values are the stored tour's fields of that section (SECTIONS), its body that part of the update
  const form = useContractForm<Body, SectionValues<S> & FieldValues>({
    defaults: defaults(tour),
    rules: TOUR_FIELD_RULES,
    formRules: FORM_RULES_OF_TOUR,
    check: tourFieldIssues,
    prepare: SECTION_BODY[section] as ((values: FieldValues) => Body) | undefined,
  });
  // the programme's days and the duration differ: the provider may save anyway
  const [mismatch, setMismatch] = useState<{ body: Body; text: string } | null>(null);
  const send = (body: Body, anyway = false) =>
    update.mutate(
      { id: tour.id, ...body, ...(anyway ? { save_without_duration_checking: true } : {}) },
      {
        onSuccess: (saved) => {
          setMismatch(null);
          form.reset(defaults(saved));
          // one "Saved" at a time: a second save replaces the first one's toast
          toast.success({ title: t('editor.saved'), id: 'tour-section-saved' });
        },
        onError: (error) => {
          const duration = isApiError(error) ? error.fieldErrors.duration?.[0] : undefined;
          if (!anyway && duration?.code === 'tour_duration_mismatch')
            setMismatch({ body, text: translateMessage(duration, tErrors) });
          else form.showServerError(error);
        },
      },
    );
  const onSubmit = form.onSubmit((body) => send(body));
  const box = useRef<HTMLDivElement>(null);
  const focusers = useContext(FieldFocusContext);
  const { setFocus } = form;
  useEffect(() => {
    if (!focusers) return undefined;
    focusers.set(section, (path) => {
      setFocus(path as never);
      const within = box.current;
      if (!within) return;
      // a field without a focusable element of its own (photos, the programme): the section's first control
      let target = document.activeElement;
      if (!(target instanceof HTMLElement) || !within.contains(target)) {
        target = within.querySelector<HTMLElement>(FOCUSABLE);
        (target as HTMLElement | null)?.focus({ preventScroll: true });
      }
      // the middle of the screen: never under the sticky save bar or the phone's top bar
      (target as HTMLElement | null)?.scrollIntoView?.({ block: 'center' });
    });
    return () => {
      focusers.delete(section);
    };
  }, [focusers, section, setFocus]);
  return (
    <div id={`section-${section}`} ref={box} tabIndex={-1} className="scroll-mt-20 outline-none">
      <SectionForm methods={form} onSubmit={onSubmit} isSaving={update.isPending} label={title} partKey={section} quiet>
        <FormSection id={`tour-${section}`} title={title} description={description}>
          {children}
        </FormSection>
      </SectionForm>
      <Modal
        open={mismatch !== null}
        onOpenChange={(open) => !open && setMismatch(null)}
        width="dialog"
        title={t('editor.mismatchTitle')}
        description={mismatch ? `${mismatch.text}. ${t('editor.mismatchText')}` : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setMismatch(null)}>
              {t('editor.mismatchFix')}
            </Button>
            <Button onClick={() => mismatch && send(mismatch.body, true)} loading={update.isPending}>
              {t('editor.mismatchSave')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function TypeDependentLength() {
  const { t } = useTranslation('tours');
  const type = useWatch({ control: useFormContext().control, name: 'type' }) as number | undefined;
  return type === TOUR_TYPE.excursion ? (
    <NumberField name="duration_hours" label={t('fields.duration_hours')} decimal />
  ) : (
    <NumberField name="duration" label={t('fields.duration')} />
  );
}

/** The tour's penalties start from the organizer's cancellation terms (Settings), then change freely. */
function DefaultPenaltiesButton({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('tours');
  const { setValue } = useFormContext();
  const toastApiError = useApiErrorToast();
  const [loading, setLoading] = useState(false);
  const fill = () => {
    setLoading(true);
    fetchDefaultPenalties(organizerId)
      .then((rows) => {
        if (rows.length === 0) toast.info(t('editor.noDefaultPenalties'));
        else setValue('penalties', rows, { shouldDirty: true });
      }, toastApiError)
      .finally(() => setLoading(false));
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="self-start sm:col-span-2"
      onClick={fill}
      loading={loading}
    >
      {t('editor.defaultPenalties')}
    </Button>
  );
}

/** Bookings accepted only within a period: its dates show when it is limited. */
function RequestPeriodFields() {
  const { t } = useTranslation('tours');
  const limited = useWatch({ name: 'is_request_period_limited' }) === true;
  return (
    <>
      <CheckboxField
        name="is_request_period_limited"
        label={t('fields.is_request_period_limited')}
        className="sm:col-span-2"
      />
      {limited && (
        <DateRangeField
          from="request_period_from"
          to="request_period_to"
          label={t('fields.request_period')}
          className="sm:col-span-2"
        />
      )}
    </>
  );
}

/** Where the tour is published: its moderation on each connected partner site (the operator sets it; live). */
function TourSites({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tours');
  const partners = usePartners(tour.tour_organizer_id);
  const names = new Map((partners.data?.connected_sites ?? []).map((s) => [s.site_id, s.name]));
  if (tour.sites.length === 0) return null;
  return (
    <ul aria-label={t('list.sites')} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-neutral-700">
      {tour.sites.map((s) => (
        <li key={s.site_id} className="flex flex-wrap items-center gap-1.5">
          {names.get(s.site_id) ?? `#${s.site_id}`}
          <SiteStatusBadge status={s.status} />
          {s.reason ? (
            <span className="basis-full text-warning-800" data-testid="site-reason">
              {t('editor.sentBack', { reason: s.reason })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const SECTION_OF_FIELD: Record<string, SectionName> = Object.fromEntries(
  Object.entries(SECTIONS).flatMap(([section, fields]) => fields.map((f) => [f, section as SectionName])),
);

/** The stored tour's status, what publishing still needs (the contract's list), and the status actions. */
function StatusCard({ tour, onNeed }: { tour: Tour; onNeed: (path: string) => void }) {
  const { t } = useTranslation('tours');
  const status = useTourStatus(tour.tour_organizer_id);
  const copy = useCopyTour(tour.tour_organizer_id);
  const navigate = useNavigate();
  const toastApiError = useApiErrorToast();
  const makeCopy = () =>
    copy.mutate(
      { id: tour.id },
      {
        onSuccess: (made) => {
          toast.success(t('editor.copied'));
          void navigate(`/${tour.tour_organizer_id}/tours/${made.id}`);
        },
        onError: toastApiError,
      },
    );
  const needs = tourPublishIssues(tour as unknown as Record<string, unknown>);
  const act = (action: 'publish' | 'draft' | 'archive') =>
    status.mutate(
      { id: tour.id, action },
      { onSuccess: () => toast.success(t(`editor.done.${action}`)), onError: toastApiError },
    );
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-neutral-600">{t('editor.status')}</span>
        <strong className="text-sm text-neutral-900">{t(`statuses.${tour.status}`)}</strong>
        <div className="ms-auto flex flex-wrap gap-2">
          {tour.status !== 'published' && (
            <Button size="sm" onClick={() => act('publish')} loading={status.isPending} disabled={needs.length > 0}>
              {t('editor.publish')}
            </Button>
          )}
          {tour.status !== 'draft' && (
            <Button size="sm" variant="outline" onClick={() => act('draft')} loading={status.isPending}>
              {t('editor.toDraft')}
            </Button>
          )}
          {tour.status !== 'archived' && (
            <Button size="sm" variant="ghost" onClick={() => act('archive')} loading={status.isPending}>
              {t('editor.archive')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={makeCopy} loading={copy.isPending}>
            <Copy size={15} aria-hidden="true" />
            {t('editor.copy')}
          </Button>
        </div>
      </div>
      <TourSites tour={tour} />
      {needs.length === 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-success-700">
          <CircleCheck size={16} aria-hidden="true" />
          {t('editor.readyToPublish')}
        </p>
      ) : (
        <section aria-label={t('editor.needsTitle')} className="text-sm text-warning-900">
          <h2 className="flex items-center gap-2 font-semibold">
            <AlertCircle size={16} aria-hidden="true" className="shrink-0" />
            {t('editor.needsTitle')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {needs.map((need) => (
              <li key={need.path}>
                <button
                  type="button"
                  onClick={() => onNeed(need.path)}
                  className="rounded-md border border-warning-300 bg-warning-50 px-2 py-1 hover:bg-warning-100 focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  {t(`fields.${need.path}`)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

/** Scrolls a part of the editor into view and moves the focus there (what a link to `#section-…` does not). */
const showPart = (part: PagePart) => {
  const target = document.getElementById(`section-${part}`);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'start' });
};

/**
 * The part of the page being read: the one crossing a band a third of the way down the screen
 * (below the phone's sticky rows), or the last one seen there while a gap between two crosses it.
 */
function useCurrentPart(page: React.RefObject<HTMLElement | null>): [PagePart, (part: PagePart) => void] {
  const [current, setCurrent] = useState<PagePart>(PAGE_ORDER[0]);
  useEffect(() => {
    const within = page.current;
    if (!within || typeof IntersectionObserver === 'undefined') return undefined;
    const crossing = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const part = (entry.target as HTMLElement).dataset.part ?? '';
          if (entry.isIntersecting) crossing.add(part);
          else crossing.delete(part);
        }
        const first = PAGE_ORDER.find((part) => crossing.has(part));
        if (first) setCurrent(first);
      },
      { rootMargin: '-30% 0px -60% 0px' },
    );
    within.querySelectorAll('[data-part]').forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [page]);
  return [current, setCurrent];
}

/**
 * The editor's one place for what is unsaved and where: the section menu (a column beside the
 * sections from the kit's lg, 1200 px, a row above them on a phone), the part being read marked
 * (and kept in view in the phone's row), each section with edits marked, and a line naming the
 * sections not saved yet.
 */
function SectionMenu({
  labels,
  unsaved,
  page,
}: {
  labels: Record<PagePart, string>;
  unsaved: readonly { key: string; label: string }[];
  page: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('tours');
  const dirty = new Set(unsaved.map((p) => p.key));
  const inOrder = PAGE_ORDER.filter((part) => dirty.has(part));
  const [current, setCurrent] = useCurrentPart(page);
  const row = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // the phone's row scrolls sideways: the current part's link stays in it (a column does not scroll)
    const list = row.current;
    const link = list?.querySelector<HTMLElement>(`[data-part-link="${current}"]`);
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    if (link.offsetLeft < list.scrollLeft || link.offsetLeft + link.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollTo?.({ left: Math.max(0, link.offsetLeft - 16) });
  }, [current]);
  const go = (part: PagePart) => (e: React.MouseEvent) => {
    e.preventDefault();
    setCurrent(part);
    showPart(part);
  };
  return (
    <div className="sticky top-14 z-10 -mx-4 flex flex-col gap-2 border-b border-neutral-200 bg-neutral-50/95 px-4 py-2 backdrop-blur md:top-0 lg:top-6 lg:mx-0 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto lg:border-b-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none">
      <div role="status" className="text-sm lg:px-2">
        {inOrder.length === 0 ? (
          <span className="text-neutral-600">{t('editor.allSaved')}</span>
        ) : (
          <span className="font-medium text-warning-900">
            {t('editor.unsavedIn', { count: inOrder.length })}{' '}
            <span className="font-normal">{inOrder.map((part) => labels[part]).join(', ')}</span>
          </span>
        )}
      </div>
      <nav aria-label={t('editor.sections')}>
        <ol
          ref={row}
          className="relative flex gap-1 overflow-x-auto pb-1 text-sm lg:flex-col lg:overflow-visible lg:pb-0"
        >
          {PAGE_ORDER.map((part) => (
            <li key={part} className="shrink-0">
              <a
                href={`#section-${part}`}
                onClick={go(part)}
                data-part-link={part}
                aria-current={part === current ? 'location' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-md px-2 py-1 whitespace-nowrap hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 lg:whitespace-normal',
                  dirty.has(part) ? 'font-medium text-warning-900' : 'text-primary-700',
                  part === current && 'bg-primary-50 font-medium hover:bg-primary-100',
                )}
              >
                {labels[part]}
                {dirty.has(part) && (
                  <>
                    <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-warning-500" />{' '}
                    <span className="sr-only">{t('editor.partUnsaved')}</span>
                  </>
                )}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

/** /{orgId}/tours/{id}: the tour in sections, each saved on its own, with its status and what publishing needs. */
export function TourEditor({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tours');
  const upload = useImageUpload(tour.tour_organizer_id);
  // one question before leaving with edits in any section (one navigation blocker for the page)
  const { unsaved, guard, scope } = useUnsavedChangesScope();
  const page = useRef<HTMLDivElement>(null);
  const [focusers] = useState(() => new Map<string, (path: string) => void>());
  const goToField = (path: string) => {
    const section = SECTION_OF_FIELD[path] ?? 'basics';
    const focus = focusers.get(section);
    if (focus) focus(path);
    else showPart(section);
  };
  const yesNo = (name: string) => <CheckboxField name={name} label={t(`fields.${name}`)} className="sm:col-span-2" />;
  const labels = {
    ...(Object.fromEntries(Object.keys(SECTIONS).map((s) => [s, t(`sections.${s}`)])) as Record<SectionName, string>),
    categories: t('prices.categoriesTitle'),
    extras: t('prices.extrasTitle'),
    dates: t(tour.schedule_type === SCHEDULE_TYPE.dates ? 'dates.title' : 'schedule.title'),
    export: t('export.title'),
  };
  const parts: Record<PagePart, ReactNode> = {
    basics: (
      <TourSection tour={tour} section="basics" title={labels.basics}>
        <TextField name="name" label={t('fields.name')} required className="sm:col-span-2" />
        <TextField name="screen_name" label={t('fields.screen_name')} hint={t('hints.screen_name')} />
        <TourKindFields />
        {yesNo('is_periodical')}
        {yesNo('is_dates_preliminary')}
        {yesNo('is_program_preliminary')}
      </TourSection>
    ),
    content: (
      <TourSection tour={tour} section="content" title={labels.content}>
        <RichTextField name="description" label={t('fields.description')} className="sm:col-span-2" />
        <TextField name="video_url" label={t('fields.video_url')} type="url" placeholder="https://" />
        <TextField name="gathering_place" label={t('fields.gathering_place')} />
      </TourSection>
    ),
    places: (
      <TourSection tour={tour} section="places" title={labels.places} description={t('hints.places')}>
        <CountriesField name="countries" label={t('fields.countries')} />
        <CatalogueField name="regions" kind="region" label={t('fields.regions')} />
        <CatalogueField name="host_cities" kind="city" label={t('fields.host_cities')} />
        <CatalogueField name="showplaces" kind="showplace" label={t('fields.showplaces')} />
        <CatalogueField name="main_activity" kind="activity" label={t('fields.main_activity')} multiple={false} />
        <CatalogueField name="rest_kinds" kind="rest_kind" label={t('fields.rest_kinds')} />
        <CatalogueField name="collections" kind="collection" label={t('fields.collections')} />
        <LanguagesField name="languages" label={t('fields.languages')} />
      </TourSection>
    ),
    media: (
      <TourSection tour={tour} section="media" title={labels.media} description={t('hints.media')}>
        <PhotoListField
          name="photos"
          coverName="cover_photo_id"
          label={t('fields.photos')}
          organizerId={tour.tour_organizer_id}
          max={MAX_TOUR_PHOTOS}
        />
      </TourSection>
    ),
    price: (
      <TourSection tour={tour} section="price" title={labels.price}>
        <ChoiceField
          name="currency"
          label={t('fields.currency')}
          options={CURRENCIES.map((c) => ({ value: c, text: c }))}
          className="sm:col-span-2"
        />
        <NumberField name="price" label={t('fields.price')} decimal />
        <ChoiceField
          name="difficulty"
          label={t('fields.difficulty')}
          options={[1, 2, 3, 4, 5].map((d) => ({ value: d, text: String(d) }))}
        />
        <NumberField name="group_min" label={t('fields.group_min')} />
        <NumberField name="group_max" label={t('fields.group_max')} />
        <TypeDependentLength />
        <NumberField name="max_tourist_weight" label={t('fields.max_tourist_weight')} />
        <NumberField name="min_age" label={t('fields.min_age')} />
        <NumberField name="max_age" label={t('fields.max_age')} />
        <TextField name="in_price" label={t('fields.in_price')} multiline rows={4} />
        <TextField name="not_in_price" label={t('fields.not_in_price')} multiline rows={4} />
      </TourSection>
    ),
    categories: <TourPricesPart tour={tour} part="categories" title={labels.categories} />,
    extras: <TourPricesPart tour={tour} part="extras" title={labels.extras} />,
    dates: <TourDates tour={tour} />,
    export: <TourExport tour={tour} />,
    program: (
      <TourSection tour={tour} section="program" title={labels.program} description={t('hints.program')}>
        <ProgramDays organizerId={tour.tour_organizer_id} />
      </TourSection>
    ),
    comfort: (
      <TourSection tour={tour} section="comfort" title={labels.comfort}>
        {(['base', 'base_plus', 'medium', 'improved', 'premium'] as const).map((flag) => (
          <CheckboxField key={flag} name={flag} label={t(`fields.${flag}`)} />
        ))}
        <TextField name="living_base" label={t('fields.living_base')} multiline rows={3} className="sm:col-span-2" />
        <AccommodationRows />
      </TourSection>
    ),
    questions: (
      <TourSection tour={tour} section="questions" title={labels.questions}>
        <QuestionRows />
      </TourSection>
    ),
    guides: (
      <TourSection tour={tour} section="guides" title={labels.guides}>
        <GuidesField name="guides" organizerId={tour.tour_organizer_id} label={t('fields.guides')} />
      </TourSection>
    ),
    penalties: (
      <TourSection tour={tour} section="penalties" title={labels.penalties}>
        {yesNo('use_standard_cancellation_terms')}
        <DefaultPenaltiesButton organizerId={tour.tour_organizer_id} />
        <PenaltyRows />
      </TourSection>
    ),
    discounts: (
      <TourSection tour={tour} section="discounts" title={labels.discounts} description={t('hints.discounts')}>
        <DiscountRows currency={tour.currency} />
      </TourSection>
    ),
    cities: (
      <TourSection tour={tour} section="cities" title={labels.cities} description={t('hints.cities')}>
        <CityRows />
      </TourSection>
    ),
    booking: (
      <TourSection tour={tour} section="booking" title={labels.booking}>
        <NumberField name="booking_end_hours" label={t('fields.booking_end_hours')} />
        {yesNo('booking_auto_end_one_hour')}
        {yesNo('instant_booking')}
        <RequestPeriodFields />
        {yesNo('is_insurance_included')}
        {yesNo('is_insurance_required')}
        <TextField name="insurance_description" label={t('fields.insurance_description')} multiline rows={3} />
        <NumberField name="insurance_price" label={t('fields.insurance_price')} decimal />
      </TourSection>
    ),
    location: (
      <TourSection tour={tour} section="location" title={labels.location}>
        <LocationField latName="lat" lngName="lng" label={t('fields.location')} className="sm:col-span-2" />
        <ImageField name="map_photo" label={t('fields.map_photo')} hint={t('hints.map_photo')} upload={upload} />
      </TourSection>
    ),
  };
  return (
    <UnsavedChangesScope scope={scope}>
      <FieldFocusContext.Provider value={focusers}>
        <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:items-start lg:gap-6">
          <SectionMenu labels={labels} unsaved={unsaved} page={page} />
          <div ref={page} className="flex min-w-0 flex-col gap-4">
            <StatusCard tour={tour} onNeed={goToField} />
            {PAGE_ORDER.map((part) => (
              <div key={part} data-part={part} className="flex flex-col gap-4">
                {parts[part]}
              </div>
            ))}
          </div>
        </div>
        {guard.dialog}
      </FieldFocusContext.Provider>
    </UnsavedChangesScope>
  );
}
