import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { addDays, format } from 'date-fns';
import { Avatar } from '../avatar';
import { Button } from '../button';
import { Card } from '../card';
import { Checkbox, RadioGroup, Switch } from '../choice';
import { Collapse, type CollapseState } from '../collapse';
import { DataTable, type DataTableHeader } from '../data-table';
import { Drawer } from '../drawer';
import { Dropdown } from '../dropdown';
import { DropdownMenu } from '../dropdown-menu';
import { EmptyState } from '../empty-state';
import { Field } from '../field';
import { Input, Textarea } from '../input';
import { LazyCalendar, LazyCarousel, LazyDatePicker, LazyGallery } from '../lazy';
import { Modal } from '../modal';
import { NumberInput } from '../number-input';
import { Pagination } from '../pagination';
import { PasswordInput } from '../password-input';
import { PhoneInput } from '../phone-input';
import { Rating } from '../rating';
import { Select, type SelectValue } from '../select';
import { Slider } from '../slider';
import { Spinner } from '../spinner';
import { GoBackButton, LoadingState } from '../status';
import { Tabs } from '../tabs';
import { toast } from '../toast';
import { Tooltip } from '../tooltip';
import { ShowMoreList, TruncateText } from '../truncate-text';
import { Upload, type UploadFunction } from '../upload';
import { useBreakpoint } from '../use-breakpoint';
import { formatHintTimer } from '../utils';
import { applyBrandTheme, useColorScheme } from '../theme';
import { THEME_SCALE_STEPS } from '../constants';
import type { DateRange } from 'react-day-picker';
import { formatText, useUiTexts } from '../i18n';
import {
  CITY_GROUPS,
  CURRENCIES,
  SAMPLE_BRANDS,
  SAMPLE_COUNTRY_CODES,
  makeSampleTours,
  samplePicture,
  type SampleTour,
} from './showcase-data';
import { useShowcaseTexts } from './showcase-texts';

/** Numbers and dates in the showcase's samples follow the kit's language. */
const INTL_LOCALES = { en: 'en-US', ru: 'ru-RU' } as const;

function Demo({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <Card>
        <h3 id={id} className="mb-4 text-base font-semibold text-neutral-900">
          {title}
        </h3>
        <div className="flex flex-col gap-4">{children}</div>
      </Card>
    </section>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-3">{children}</div>;
}

/** Applies a sample brand to the whole document (portals included) and restores the app's on unmount. */
function useSampleBrand() {
  const [brand, setBrand] = useState<SelectValue | null>(null);
  useEffect(() => {
    const el = document.documentElement;
    const saved = THEME_SCALE_STEPS.map((step) => [step, el.style.getPropertyValue(`--brand-${step}`)] as const);
    return () => {
      for (const [step, value] of saved) {
        if (value) el.style.setProperty(`--brand-${step}`, value);
        else el.style.removeProperty(`--brand-${step}`);
      }
    };
  }, []);
  const choose = (value: SelectValue | null) => {
    setBrand(value);
    const scale = SAMPLE_BRANDS[String(value)];
    if (scale) applyBrandTheme(document.documentElement, scale);
  };
  return [brand, choose] as const;
}

function ThemeDemo() {
  const t = useShowcaseTexts();
  const { scheme, setScheme } = useColorScheme();
  const [brand, setBrand] = useSampleBrand();
  const brands = Object.keys(SAMPLE_BRANDS).map((value) => ({ value, text: t.brandNames[value] ?? value }));
  return (
    <Demo title={t.theme}>
      <Row>
        <Switch
          label={t.darkScheme}
          checked={scheme === 'dark'}
          onCheckedChange={(checked) => setScheme(checked ? 'dark' : 'light')}
        />
        <div className="w-48">
          <Select
            aria-label={t.brandColours}
            options={brands}
            placeholder={t.appBrand}
            value={brand}
            onChange={setBrand}
          />
        </div>
      </Row>
      <ul aria-label={t.primaryScale} className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {THEME_SCALE_STEPS.map((step) => (
          <li key={step} className="flex flex-col items-center gap-1 text-xs text-neutral-600">
            <span
              className="h-10 w-full rounded-lg border border-neutral-200"
              style={{ background: `var(--brand-${step})` }}
            />
            {step}
          </li>
        ))}
      </ul>
    </Demo>
  );
}

function ButtonsDemo() {
  const t = useShowcaseTexts();
  const [loading, setLoading] = useState(false);
  return (
    <Demo title={t.buttons}>
      <Row>
        <Button>{t.primary}</Button>
        <Button variant="secondary">{t.secondary}</Button>
        <Button variant="outline">{t.outline}</Button>
        <Button variant="ghost">{t.ghost}</Button>
        <Button variant="danger">{t.danger}</Button>
        <Button variant="link">{t.link}</Button>
      </Row>
      <Row>
        <Button size="sm">{t.small}</Button>
        <Button size="md">{t.medium}</Button>
        <Button size="lg">{t.large}</Button>
        <Button disabled>{t.disabled}</Button>
        <Button
          loading={loading}
          onClick={() => {
            setLoading(true);
            setTimeout(() => setLoading(false), 1500);
          }}
        >
          {loading ? t.saving : t.saveWithLoading}
        </Button>
        <Button asChild variant="outline">
          <a href="#ui-kit-showcase">{t.linkAsButton}</a>
        </Button>
      </Row>
      <Row>
        <span className="text-primary-600">
          <Spinner />
        </span>
        <Spinner size={32} stroke={4} label={t.loadingTours} />
        <LoadingState />
        <GoBackButton onClick={() => toast.info(t.goBackPressed)} />
      </Row>
      <Button block variant="secondary">
        {t.blockButton}
      </Button>
    </Demo>
  );
}

function InputsDemo() {
  const t = useShowcaseTexts();
  const [seats, setSeats] = useState<number | null>(2);
  const [name, setName] = useState('');
  return (
    <Demo title={t.inputs}>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t.tourName}
          hint={t.tourNameHint}
          required
          error={name.length > 0 && name.length < 3 ? t.minimum3 : undefined}
        >
          <Input value={name} onChange={(event) => setName(event.target.value)} placeholder={t.tourNamePlaceholder} />
        </Field>
        <Field label={t.email} error={t.invalidEmail}>
          <Input defaultValue="guide@" type="email" />
        </Field>
        <Field label={t.password}>
          <PasswordInput defaultValue="Secret-123" autoComplete="new-password" />
        </Field>
        <Field label={t.seats} hint={t.seatsHint}>
          <NumberInput value={seats} onChange={setSeats} min={1} max={10} />
        </Field>
        <Field label={t.disabled}>
          <Input key={t.readOnly} disabled defaultValue={t.readOnly} />
        </Field>
        <Field label={t.description} className="md:col-span-2">
          <Textarea key={t.descriptionSample} defaultValue={t.descriptionSample} />
        </Field>
      </div>
    </Demo>
  );
}

function ChoiceDemo() {
  const t = useShowcaseTexts();
  const [agree, setAgree] = useState(true);
  const [payment, setPayment] = useState('card');
  const [volume, setVolume] = useState(40);
  const [price, setPrice] = useState<[number, number]>([20, 70]);
  return (
    <Demo title={t.choice}>
      <div className="grid gap-4 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Checkbox
            label={t.acceptAgreement}
            checked={agree}
            onCheckedChange={(checked) => setAgree(checked === true)}
          />
          <Checkbox label={t.partiallySelected} checked="indeterminate" />
          <Checkbox label={t.invalid} invalid />
          <Checkbox label={t.disabled} disabled />
        </div>
        <RadioGroup
          label={t.paymentMethod}
          value={payment}
          onValueChange={setPayment}
          options={[
            { value: 'sbp', label: t.paymentSbp },
            { value: 'card', label: t.paymentCard },
            { value: 'cash', label: t.paymentCash, disabled: true },
          ]}
        />
        <div className="flex flex-col gap-3">
          <Switch label={t.chatNotifications} defaultChecked />
          <Switch label={t.disabledSwitch} disabled />
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Slider label={t.volume} value={volume} onChange={setVolume} showValue />
        <Slider label={[t.minimumPrice, t.maximumPrice]} value={price} onChange={setPrice} showValue />
      </div>
    </Demo>
  );
}

function SelectDemo() {
  const t = useShowcaseTexts();
  const cities = CITY_GROUPS.flatMap(({ country, cityIds }) => [
    { header: t.countries[country] ?? country },
    ...cityIds.map((id) => ({ id, name: t.cityNames[id] ?? '' })),
  ]);
  const [currency, setCurrency] = useState<SelectValue | null>('RUB');
  const [city, setCity] = useState<SelectValue | null>(null);
  const [languages, setLanguages] = useState<SelectValue[]>(['en']);
  return (
    <Demo title={t.select}>
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t.currency}>
          <Select options={CURRENCIES} value={currency} onChange={setCurrency} />
        </Field>
        <Field label={t.city}>
          <Select options={cities} textKey="name" valueKey="id" value={city} onChange={setCity} searchable />
        </Field>
        <Field label={t.languages}>
          <Select
            multiple
            options={Object.entries(t.languageNames).map(([value, text]) => ({ value, text }))}
            value={languages}
            onChange={setLanguages}
          />
        </Field>
      </div>
    </Demo>
  );
}

function PhoneDemo() {
  const t = useShowcaseTexts();
  const countries = useMemo(
    () => SAMPLE_COUNTRY_CODES.map((c) => ({ ...c, name: t.countries[c.iso_code] ?? c.iso_code })),
    [t],
  );
  const [phone, setPhone] = useState('+7');
  const [country, setCountry] = useState('RU');
  return (
    <Demo title={t.phoneInput}>
      <Field label={t.phone} hint={t.phoneHint}>
        <PhoneInput
          value={phone}
          onChange={setPhone}
          countries={countries}
          country={country}
          onCountryChange={setCountry}
        />
      </Field>
      <p className="text-xs text-neutral-500">
        {t.value} <output className="tabular-nums">{phone || '—'}</output>
      </p>
    </Demo>
  );
}

function DatesDemo() {
  const t = useShowcaseTexts();
  const { locale } = useUiTexts();
  const [day, setDay] = useState<Date | undefined>(undefined);
  const [range, setRange] = useState<DateRange | undefined>(undefined);
  const [many, setMany] = useState<Date[]>([]);
  const [departure, setDeparture] = useState<Date | undefined>(undefined);
  const maxDate = addDays(new Date(), 60);
  const max = format(maxDate, 'yyyy-MM-dd');
  const maxText = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'long' }).format(maxDate);
  return (
    <Demo title={t.dates}>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t.tourDates} hint={t.tourDatesHint}>
          <LazyDatePicker mode="range" value={range} onChange={setRange} min="2030-03-10" max="2030-04-20" months={2} />
        </Field>
        <Field label={t.departureDate} hint={formatText(t.departureDateHint, { max: maxText })}>
          <LazyDatePicker mode="single" value={departure} onChange={setDeparture} min="today" max={max} />
        </Field>
        <Field label={t.extraDates} hint={t.extraDatesHint}>
          <LazyDatePicker mode="multiple" value={many} onChange={setMany} min="today" />
        </Field>
      </div>
      <div className="overflow-x-auto">
        <LazyCalendar mode="single" value={day} onChange={setDay} min="today" />
      </div>
    </Demo>
  );
}

function OverlaysDemo() {
  const t = useShowcaseTexts();
  const [modal, setModal] = useState(false);
  const [persistent, setPersistent] = useState(false);
  const [wide, setWide] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [state, setState] = useState<CollapseState>('collapsed');
  return (
    <Demo title={t.overlays}>
      <Row>
        <Button onClick={() => setModal(true)}>{t.openModal}</Button>
        <Button variant="outline" onClick={() => setPersistent(true)}>
          {t.openPersistentModal}
        </Button>
        <Button variant="outline" onClick={() => setWide(true)}>
          {t.openLargeModal}
        </Button>
        <Button variant="outline" onClick={() => setDrawer(true)}>
          {t.openDrawer}
        </Button>
        <Dropdown trigger={<Button variant="outline">{t.openDropdown}</Button>} label={t.dropdownPanel}>
          <p className="max-w-56">{t.dropdownText}</p>
        </Dropdown>
        <DropdownMenu
          trigger={<Button variant="outline">{t.actions}</Button>}
          items={[
            { label: t.edit, onSelect: () => toast.info(t.edit) },
            { label: t.duplicate, onSelect: () => toast.info(t.duplicate) },
            { label: t.archive, disabled: true },
            { label: t.delete, danger: true, onSelect: () => toast.error(t.deleted) },
          ]}
        />
        <Tooltip content={t.tooltip}>
          <Button variant="ghost">{t.hoverOrFocus}</Button>
        </Tooltip>
      </Row>
      <Collapse title={t.collapseTitle} onStateChange={setState}>
        {t.collapseText}
      </Collapse>
      <p className="text-xs text-neutral-500">
        {t.collapseState} <output>{t.collapseStates[state]}</output>
      </p>
      <Modal
        open={modal}
        onOpenChange={setModal}
        title={t.confirmPhone}
        description={t.confirmPhoneText}
        footer={
          <>
            <Button variant="outline" onClick={() => setModal(false)}>
              {t.cancel}
            </Button>
            <Button onClick={() => setModal(false)}>{t.confirmNow}</Button>
          </>
        }
      >
        <Field label={t.smsCode}>
          <Input inputMode="numeric" autoComplete="one-time-code" />
        </Field>
      </Modal>
      <Modal
        open={persistent}
        onOpenChange={setPersistent}
        title={t.signPartnership}
        description={t.signPartnershipText}
        width="dialog"
        persistent
        hideClose
        footer={<Button onClick={() => setPersistent(false)}>{t.closePersistentModal}</Button>}
      >
        <Checkbox label={t.acceptAgreement} />
      </Modal>
      <Modal open={wide} onOpenChange={setWide} title={t.largeForm} width="largeForm">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t.firstName}>
            <Input />
          </Field>
          <Field label={t.lastName}>
            <Input />
          </Field>
        </div>
      </Modal>
      <Drawer
        open={drawer}
        onOpenChange={setDrawer}
        title={t.filters}
        footer={<Button onClick={() => setDrawer(false)}>{t.applyFilters}</Button>}
      >
        <div className="flex flex-col gap-4">
          <Checkbox label={t.onlyPublished} />
          <Field label={t.search}>
            <Input type="search" />
          </Field>
        </div>
      </Drawer>
    </Demo>
  );
}

function ToastsDemo() {
  const t = useShowcaseTexts();
  return (
    <Demo title={t.toasts}>
      <Row>
        <Button variant="outline" onClick={() => toast.success(t.saved)}>
          {t.successToast}
        </Button>
        <Button variant="outline" onClick={() => toast.error(t.serverError)}>
          {t.errorToast}
        </Button>
        <Button variant="outline" onClick={() => toast.warning(t.checkDates)}>
          {t.warningToast}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            toast.info({
              title: t.newVersion,
              text: t.reloadToUpdate,
              buttons: [{ label: t.reload, onClick: () => toast.dismiss() }],
              closeDelay: 10000,
            })
          }
        >
          {t.infoToast}
        </Button>
      </Row>
    </Demo>
  );
}

function DataDemo() {
  const t = useShowcaseTexts();
  const { locale } = useUiTexts();
  const [page, setPage] = useState(5);
  const [loading, setLoading] = useState(false);
  const headers = useMemo<DataTableHeader<SampleTour>[]>(
    () => [
      { key: 'name', name: t.tour, sortable: true },
      { key: 'city', name: t.city, sortable: true },
      { key: 'seats', name: t.seatsColumn, sortable: true, attrs: { align: 'right' } },
      {
        key: 'price',
        name: t.price,
        sortable: true,
        attrs: { align: 'right' },
        render: (row) => `${row.price.toLocaleString(INTL_LOCALES[locale])} ₽`,
      },
    ],
    [t, locale],
  );
  const tours = useMemo(() => makeSampleTours(t.tourNames, t.tourCities), [t]);
  return (
    <Demo title={t.data}>
      <Pagination page={page} onPageChange={setPage} total={200} pageSize={10} />
      <Switch label={t.tableLoading} checked={loading} onCheckedChange={setLoading} />
      <DataTable caption={t.tours} headers={headers} items={tours} loading={loading} />
      <DataTable caption={t.emptyTours} headers={headers} items={[]} />
    </Demo>
  );
}

function TabsDemo() {
  const t = useShowcaseTexts();
  return (
    <Demo title={t.tabs}>
      <Tabs
        label={t.tourSections}
        items={[
          {
            value: 'programme',
            label: t.programme,
            content: <TruncateText key={t.longText}>{t.longText}</TruncateText>,
          },
          {
            value: 'included',
            label: t.included,
            content: <ShowMoreList items={t.includedItems} limit={3} renderItem={(item) => item} />,
          },
          {
            value: 'empty',
            label: t.reviews,
            content: (
              <EmptyState
                title={t.noReviews}
                text={t.noReviewsText}
                action={<Button size="sm">{t.askForReview}</Button>}
              />
            ),
          },
        ]}
      />
      <Row>
        {t.avatarNames.map((name) => (
          <Avatar key={name} name={name} />
        ))}
        <Avatar name={t.pictureAvatar} src={samplePicture('', '#60a5fa', '#1e3a8a')} size={40} />
      </Row>
    </Demo>
  );
}

function RatingDemo() {
  const t = useShowcaseTexts();
  const [value, setValue] = useState(4);
  return (
    <Demo title={t.rating}>
      <Row>
        <Rating value={value} onChange={setValue} label={t.yourRating} />
        <output className="text-sm text-neutral-600">{value}</output>
        <Rating value={3} readOnly />
      </Row>
    </Demo>
  );
}

const PICTURE_COLOURS: [string, string][] = [
  ['#38bdf8', '#1e3a8a'],
  ['#4ade80', '#14532d'],
  ['#fb923c', '#7c2d12'],
];

function MediaDemo() {
  const t = useShowcaseTexts();
  const pictures = useMemo(
    () =>
      t.pictures.map(({ label, alt }, i) => ({
        src: samplePicture(label, ...(PICTURE_COLOURS[i] ?? PICTURE_COLOURS[0]!)),
        alt,
      })),
    [t],
  );
  const items = useMemo(
    () => [
      ...pictures,
      {
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        alt: t.video.alt,
        poster: samplePicture(t.video.label, '#a78bfa', '#2e1065'),
      },
    ],
    [pictures, t],
  );
  return (
    <Demo title={t.media}>
      <LazyGallery items={items} label={t.tourPhotos} />
      <LazyCarousel
        className="max-w-2xl"
        label={t.tourHighlights}
        slideBasis="80%"
        slides={pictures.map((picture) => (
          <img
            key={picture.alt}
            src={picture.src}
            alt={picture.alt}
            className="aspect-[3/2] w-full rounded-xl object-cover"
          />
        ))}
      />
    </Demo>
  );
}

/** Uploads nothing: progress in steps; a file whose name contains "fail" fails the first time. */
function makeFakeUpload(networkError: string): UploadFunction<string> {
  return (file, onProgress) =>
    new Promise((resolve, reject) => {
      let percent = 0;
      const attempt = (fakeAttempts.get(file) ?? 0) + 1;
      fakeAttempts.set(file, attempt);
      const timer = setInterval(() => {
        percent += 20;
        onProgress(percent);
        if (percent >= 60 && file.name.includes('fail') && attempt === 1) {
          clearInterval(timer);
          reject(new Error(networkError));
        } else if (percent >= 100) {
          clearInterval(timer);
          resolve(file.name);
        }
      }, 250);
    });
}
const fakeAttempts = new WeakMap<File, number>();

function UtilitiesDemo() {
  const t = useShowcaseTexts();
  const fakeUpload = useMemo(() => makeFakeUpload(t.networkError), [t]);
  const { breakpoint, width } = useBreakpoint();
  const [seconds, setSeconds] = useState(3725);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => (s > 0 ? s - 1 : 3725)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Demo title={t.utilities}>
      <Upload upload={fakeUpload} multiple onUploaded={(name) => toast.success(formatText(t.uploaded, { name }))} />
      <dl className="grid grid-cols-2 gap-2 text-sm text-neutral-700 sm:grid-cols-4">
        <dt className="text-neutral-500">{t.breakpoint}</dt>
        <dd>{formatText(t.breakpointValue, { breakpoint, width })}</dd>
        <dt className="text-neutral-500">{t.hintTimer}</dt>
        <dd className="tabular-nums">
          {formatHintTimer(seconds)} / {formatHintTimer(seconds % 3600)}
        </dd>
      </dl>
    </Demo>
  );
}

export interface ShowcaseProps {
  /** Render an own 'UI kit' heading (when not mounted under one). */
  withHeading?: boolean;
}

/** Every kit widget in its states, for /org/debug and visual checks per brand and scheme. */
export function Showcase({ withHeading = false }: ShowcaseProps) {
  const t = useShowcaseTexts();
  return (
    <div id="ui-kit-showcase" className="flex flex-col gap-6 text-neutral-900">
      {withHeading && (
        <h2 id="ui-kit-heading" className="text-xl font-semibold">
          {t.uiKit}
        </h2>
      )}
      <ThemeDemo />
      <div className="grid gap-6 xl:grid-cols-2">
        <ButtonsDemo />
        <InputsDemo />
        <ChoiceDemo />
        <SelectDemo />
        <PhoneDemo />
        <DatesDemo />
        <OverlaysDemo />
        <ToastsDemo />
        <TabsDemo />
        <RatingDemo />
      </div>
      <DataDemo />
      <MediaDemo />
      <UtilitiesDemo />
    </div>
  );
}
