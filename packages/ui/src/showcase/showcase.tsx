import { useEffect, useId, useState, type ReactNode } from 'react';
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
import { CITY_OPTIONS, CURRENCIES, LONG_TEXT, SAMPLE_BRANDS, SAMPLE_COUNTRIES, SAMPLE_TOURS, samplePicture, type SampleTour } from './showcase-data';

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
  const { scheme, setScheme } = useColorScheme();
  const [brand, setBrand] = useSampleBrand();
  return (
    <Demo title="Theme">
      <Row>
        <Switch label="Dark scheme" checked={scheme === 'dark'} onCheckedChange={(checked) => setScheme(checked ? 'dark' : 'light')} />
        <div className="w-48">
          <Select
            aria-label="Brand colours"
            options={Object.keys(SAMPLE_BRANDS)}
            placeholder="The app's brand"
            value={brand}
            onChange={setBrand}
          />
        </div>
      </Row>
      <ul aria-label="Primary colour scale" className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {THEME_SCALE_STEPS.map((step) => (
          <li key={step} className="flex flex-col items-center gap-1 text-xs text-neutral-600">
            <span className="h-10 w-full rounded-lg border border-neutral-200" style={{ background: `var(--brand-${step})` }} />
            {step}
          </li>
        ))}
      </ul>
    </Demo>
  );
}

function ButtonsDemo() {
  const [loading, setLoading] = useState(false);
  return (
    <Demo title="Buttons and spinner">
      <Row>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="link">Link</Button>
      </Row>
      <Row>
        <Button size="sm">Small</Button>
        <Button size="md">Medium</Button>
        <Button size="lg">Large</Button>
        <Button disabled>Disabled</Button>
        <Button
          loading={loading}
          onClick={() => {
            setLoading(true);
            setTimeout(() => setLoading(false), 1500);
          }}
        >
          {loading ? 'Saving' : 'Save with loading'}
        </Button>
        <Button asChild variant="outline">
          <a href="#ui-kit-showcase">Link as button</a>
        </Button>
      </Row>
      <Row>
        <span className="text-primary-600">
          <Spinner />
        </span>
        <Spinner size={32} stroke={4} label="Loading tours" />
        <LoadingState />
        <GoBackButton onClick={() => toast.info('Go back pressed')} />
      </Row>
      <Button block variant="secondary">
        Block button
      </Button>
    </Demo>
  );
}

function InputsDemo() {
  const [seats, setSeats] = useState<number | null>(2);
  const [name, setName] = useState('');
  return (
    <Demo title="Inputs">
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Tour name" hint="As travellers will see it" required error={name.length > 0 && name.length < 3 ? 'Minimum 3 characters' : undefined}>
          <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="Baikal ice" />
        </Field>
        <Field label="E-mail" error="Please enter a valid e-mail">
          <Input defaultValue="guide@" type="email" />
        </Field>
        <Field label="Password">
          <PasswordInput defaultValue="Secret-123" autoComplete="new-password" />
        </Field>
        <Field label="Seats (1–10)" hint="Clamps to min and max">
          <NumberInput value={seats} onChange={setSeats} min={1} max={10} />
        </Field>
        <Field label="Disabled">
          <Input disabled defaultValue="Read only" />
        </Field>
        <Field label="Description" className="md:col-span-2">
          <Textarea defaultValue="Three days on the ice of Baikal." />
        </Field>
      </div>
    </Demo>
  );
}

function ChoiceDemo() {
  const [agree, setAgree] = useState(true);
  const [payment, setPayment] = useState('card');
  const [volume, setVolume] = useState(40);
  const [price, setPrice] = useState<[number, number]>([20, 70]);
  return (
    <Demo title="Checkbox, radio, switch and slider">
      <div className="grid gap-4 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Checkbox label="I accept the agreement" checked={agree} onCheckedChange={(checked) => setAgree(checked === true)} />
          <Checkbox label="Partially selected" checked="indeterminate" />
          <Checkbox label="Invalid" invalid />
          <Checkbox label="Disabled" disabled />
        </div>
        <RadioGroup
          label="Payment method"
          value={payment}
          onValueChange={setPayment}
          options={[
            { value: 'sbp', label: 'SBP' },
            { value: 'card', label: 'Card' },
            { value: 'cash', label: 'Cash (disabled)', disabled: true },
          ]}
        />
        <div className="flex flex-col gap-3">
          <Switch label="Chat notifications" defaultChecked />
          <Switch label="Disabled switch" disabled />
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Slider label="Volume" value={volume} onChange={setVolume} showValue />
        <Slider label={['Minimum price', 'Maximum price']} value={price} onChange={setPrice} showValue />
      </div>
    </Demo>
  );
}

function SelectDemo() {
  const [currency, setCurrency] = useState<SelectValue | null>('RUB');
  const [city, setCity] = useState<SelectValue | null>(null);
  const [languages, setLanguages] = useState<SelectValue[]>(['en']);
  return (
    <Demo title="Select">
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="Currency">
          <Select options={CURRENCIES} value={currency} onChange={setCurrency} />
        </Field>
        <Field label="City">
          <Select options={CITY_OPTIONS} textKey="name" valueKey="id" value={city} onChange={setCity} searchable />
        </Field>
        <Field label="Languages">
          <Select
            multiple
            options={[
              { value: 'en', text: 'English' },
              { value: 'ru', text: 'Russian' },
              { value: 'de', text: 'German' },
              { value: 'zh', text: 'Chinese' },
            ]}
            value={languages}
            onChange={setLanguages}
          />
        </Field>
      </div>
    </Demo>
  );
}

function PhoneDemo() {
  const [phone, setPhone] = useState('+7');
  const [country, setCountry] = useState('RU');
  return (
    <Demo title="Phone input">
      <Field label="Phone" hint="Try +7 701 234 56 78 (Kazakhstan) or +8 912 345 67 89">
        <PhoneInput value={phone} onChange={setPhone} countries={SAMPLE_COUNTRIES} country={country} onCountryChange={setCountry} />
      </Field>
      <p className="text-xs text-neutral-500">
        Value: <output className="tabular-nums">{phone || '—'}</output>
      </p>
    </Demo>
  );
}

function DatesDemo() {
  const [day, setDay] = useState<Date | undefined>(undefined);
  const [range, setRange] = useState<DateRange | undefined>(undefined);
  const [many, setMany] = useState<Date[]>([]);
  const [departure, setDeparture] = useState<Date | undefined>(undefined);
  const max = format(addDays(new Date(), 60), 'yyyy-MM-dd');
  return (
    <Demo title="Calendar and date picker">
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Tour dates" hint="Range, 10 March – 20 April 2030, two months">
          <LazyDatePicker mode="range" value={range} onChange={setRange} min="2030-03-10" max="2030-04-20" months={2} />
        </Field>
        <Field label="Departure date" hint={`From today to ${max}`}>
          <LazyDatePicker mode="single" value={departure} onChange={setDeparture} min="today" max={max} />
        </Field>
        <Field label="Extra dates" hint="Multiple">
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
  const [modal, setModal] = useState(false);
  const [persistent, setPersistent] = useState(false);
  const [wide, setWide] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [state, setState] = useState<CollapseState>('collapsed');
  return (
    <Demo title="Modal, drawer, dropdown, tooltip, collapse">
      <Row>
        <Button onClick={() => setModal(true)}>Open modal</Button>
        <Button variant="outline" onClick={() => setPersistent(true)}>
          Open persistent modal
        </Button>
        <Button variant="outline" onClick={() => setWide(true)}>
          Open large form modal
        </Button>
        <Button variant="outline" onClick={() => setDrawer(true)}>
          Open drawer
        </Button>
        <Dropdown trigger={<Button variant="outline">Open dropdown</Button>} label="Dropdown panel">
          <p className="max-w-56">A floating panel: edge padding 8, arrow padding 12. Escape closes it.</p>
        </Dropdown>
        <DropdownMenu
          trigger={<Button variant="outline">Actions</Button>}
          items={[
            { label: 'Edit', onSelect: () => toast.info('Edit') },
            { label: 'Duplicate', onSelect: () => toast.info('Duplicate') },
            { label: 'Archive', disabled: true },
            { label: 'Delete', danger: true, onSelect: () => toast.error('Deleted') },
          ]}
        />
        <Tooltip content="Tooltips show on hover and focus">
          <Button variant="ghost">Hover or focus me</Button>
        </Tooltip>
      </Row>
      <Collapse title="Collapse (state is shown below)" onStateChange={setState}>
        Programme, prices and what is included. The collapse goes collapsed, expanding, expanded, collapsing.
      </Collapse>
      <p className="text-xs text-neutral-500">
        Collapse state: <output>{state}</output>
      </p>
      <Modal
        open={modal}
        onOpenChange={setModal}
        title="Confirm phone number"
        description="A dialog of the default width, 500 px."
        footer={
          <>
            <Button variant="outline" onClick={() => setModal(false)}>
              Cancel
            </Button>
            <Button onClick={() => setModal(false)}>Confirm now</Button>
          </>
        }
      >
        <Field label="Code from sms">
          <Input inputMode="numeric" autoComplete="one-time-code" />
        </Field>
      </Modal>
      <Modal
        open={persistent}
        onOpenChange={setPersistent}
        title="Sign partnership"
        description="A persistent modal: a backdrop click or Escape shakes it."
        width="dialog"
        persistent
        hideClose
        footer={<Button onClick={() => setPersistent(false)}>Close persistent modal</Button>}
      >
        <Checkbox label="I accept the agreement" />
      </Modal>
      <Modal open={wide} onOpenChange={setWide} title="Large form" width="largeForm">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="First name">
            <Input />
          </Field>
          <Field label="Last name">
            <Input />
          </Field>
        </div>
      </Modal>
      <Drawer open={drawer} onOpenChange={setDrawer} title="Filters" footer={<Button onClick={() => setDrawer(false)}>Apply filters</Button>}>
        <div className="flex flex-col gap-4">
          <Checkbox label="Only published tours" />
          <Field label="Search">
            <Input type="search" />
          </Field>
        </div>
      </Drawer>
    </Demo>
  );
}

function ToastsDemo() {
  return (
    <Demo title="Toasts">
      <Row>
        <Button variant="outline" onClick={() => toast.success('Saved')}>
          Success toast
        </Button>
        <Button variant="outline" onClick={() => toast.error('Server Error')}>
          Error toast
        </Button>
        <Button variant="outline" onClick={() => toast.warning('Check the dates')}>
          Warning toast
        </Button>
        <Button variant="outline" onClick={() => toast.info({ title: 'A new version is available', text: 'Reload the page to update.', buttons: [{ label: 'Reload', onClick: () => toast.dismiss() }], closeDelay: 10000 })}>
          Info toast with a button
        </Button>
      </Row>
    </Demo>
  );
}

const TOUR_HEADERS: DataTableHeader<SampleTour>[] = [
  { key: 'name', name: 'Tour', sortable: true },
  { key: 'city', name: 'City', sortable: true },
  { key: 'seats', name: 'Seats', sortable: true, attrs: { align: 'right' } },
  { key: 'price', name: 'Price', sortable: true, attrs: { align: 'right' }, render: (row) => `${row.price.toLocaleString('en-US')} ₽` },
];

function DataDemo() {
  const [page, setPage] = useState(5);
  const [loading, setLoading] = useState(false);
  return (
    <Demo title="Pagination and data table">
      <Pagination page={page} onPageChange={setPage} total={200} pageSize={10} />
      <Switch label="Table loading" checked={loading} onCheckedChange={setLoading} />
      <DataTable caption="Tours" headers={TOUR_HEADERS} items={SAMPLE_TOURS} loading={loading} />
      <DataTable caption="Empty tours" headers={TOUR_HEADERS} items={[]} />
    </Demo>
  );
}

function TabsDemo() {
  return (
    <Demo title="Tabs, empty state, avatar">
      <Tabs
        label="Tour sections"
        items={[
          { value: 'programme', label: 'Programme', content: <TruncateText>{LONG_TEXT}</TruncateText> },
          { value: 'included', label: 'Included', content: <ShowMoreList items={['Transfers', 'Hotels', 'Meals', 'Guide', 'Ice crampons', 'Insurance']} limit={3} renderItem={(item) => item} /> },
          { value: 'empty', label: 'Reviews', content: <EmptyState title="No reviews yet" text="Reviews appear after the first completed tour." action={<Button size="sm">Ask for a review</Button>} /> },
        ]}
      />
      <Row>
        <Avatar name="Ivan Petrov" />
        <Avatar name="Anna Smirnova" />
        <Avatar name="Olga" />
        <Avatar name="Tour Expert LLC" />
        <Avatar name="Mike Brown" />
        <Avatar name="Picture avatar" src={samplePicture('', '#60a5fa', '#1e3a8a')} size={40} />
      </Row>
    </Demo>
  );
}

function RatingDemo() {
  const [value, setValue] = useState(4);
  return (
    <Demo title="Rating">
      <Row>
        <Rating value={value} onChange={setValue} label="Your rating" />
        <output className="text-sm text-neutral-600">{value}</output>
        <Rating value={3} readOnly />
      </Row>
    </Demo>
  );
}

const PICTURES = [
  { src: samplePicture('Baikal', '#38bdf8', '#1e3a8a'), alt: 'Baikal ice' },
  { src: samplePicture('Altai', '#4ade80', '#14532d'), alt: 'Altai mountains' },
  { src: samplePicture('Kamchatka', '#fb923c', '#7c2d12'), alt: 'Kamchatka volcano' },
  { video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', alt: 'Tour video', poster: samplePicture('Video', '#a78bfa', '#2e1065') },
];

function MediaDemo() {
  return (
    <Demo title="Gallery and carousel">
      <LazyGallery items={PICTURES} label="Tour photos" />
      <LazyCarousel
        className="max-w-2xl"
        label="Tour highlights"
        slideBasis="80%"
        slides={PICTURES.slice(0, 3).map((picture) => (
          <img key={picture.alt} src={picture.src} alt={picture.alt} className="aspect-[3/2] w-full rounded-xl object-cover" />
        ))}
      />
    </Demo>
  );
}

/** Uploads nothing: progress in steps; a file whose name contains "fail" fails the first time. */
const fakeUpload: UploadFunction<string> = (file, onProgress) =>
  new Promise((resolve, reject) => {
    let percent = 0;
    const attempt = (fakeAttempts.get(file) ?? 0) + 1;
    fakeAttempts.set(file, attempt);
    const timer = setInterval(() => {
      percent += 20;
      onProgress(percent);
      if (percent >= 60 && file.name.includes('fail') && attempt === 1) {
        clearInterval(timer);
        reject(new Error('Network error'));
      } else if (percent >= 100) {
        clearInterval(timer);
        resolve(file.name);
      }
    }, 250);
  });
const fakeAttempts = new WeakMap<File, number>();

function UtilitiesDemo() {
  const { breakpoint, width } = useBreakpoint();
  const [seconds, setSeconds] = useState(3725);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => (s > 0 ? s - 1 : 3725)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Demo title="Upload and utilities">
      <Upload upload={fakeUpload} multiple onUploaded={(name) => toast.success(`${name} uploaded`)} />
      <dl className="grid grid-cols-2 gap-2 text-sm text-neutral-700 sm:grid-cols-4">
        <dt className="text-neutral-500">Breakpoint</dt>
        <dd>
          {breakpoint} ({width}px)
        </dd>
        <dt className="text-neutral-500">Hint timer</dt>
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
  return (
    <div id="ui-kit-showcase" className="flex flex-col gap-6 text-neutral-900">
      {withHeading && (
        <h2 id="ui-kit-heading" className="text-xl font-semibold">
          UI kit
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
