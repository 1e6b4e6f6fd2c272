/**
 * The editor's fields, built from the contract's generated descriptions
 * (site-block-fields.generated.ts): every kind renders here (Puck's `custom` fields), so each
 * shows its label, its limit and the last save's errors the same way.
 */
import { useId, useState, type ReactNode } from 'react';
import type { CustomField, Field as PuckField, Fields } from '@puckeditor/core';
import { createUsePuck } from '@puckeditor/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, Checkbox, Input, NumberInput, Switch, Textarea, Upload, cn } from '@tourdesk/ui';
import { Trash2 } from 'lucide-react';
import type { BlockLink, BlockMedia } from '@tourdesk/contract/entities/site';
import type { SiteBlockField } from '@tourdesk/contract/entities/site-block-fields.generated';
import { BLOCK_LINK_KIND, VIDEO_PROVIDERS } from '@tourdesk/contract/enum-values';
import { translateMessage } from '../../../lib/form-errors';
import { useImageUpload } from '../../../lib/upload/use-upload';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { IMAGE_ACCEPT } from '../../../components/image-field';
import { errorsAt, fieldPath } from './blocks';
import { useTourDatesPage } from '../../tour';
import { TOUR_DATES_MAX_PAGE_SIZE } from '@tourdesk/contract/api/tour-routes';
import { useSiteEditorContext } from './editor-context';

const usePuck = createUsePuck();

const SELECT_CLASS =
  'h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500';

/** The errors of the selected block's field `name` (Puck's `items[0].text`), in the interface language. */
const useFieldErrors = (name: string): string[] => {
  const { t } = useTranslation();
  const { errors } = useSiteEditorContext();
  const blockId = usePuck((s) => (s.selectedItem?.props as { id?: string } | undefined)?.id);
  return errorsAt(blockId ? errors[blockId] : undefined, fieldPath(name)).map((m) => translateMessage(m, t));
};

/** A field's frame: its label, the control, a hint and the errors (announced). */
function FieldFrame({
  id,
  label,
  hint,
  name,
  children,
  group,
}: {
  id: string;
  label: string;
  hint?: string;
  name: string;
  children: ReactNode;
  /** a fieldset with a legend (several controls) instead of a label */
  group?: boolean;
}) {
  const errors = useFieldErrors(name);
  const errorId = `${id}-error`;
  const body = (
    <>
      {children}
      {hint && <p className="mt-1 text-xs text-neutral-500">{hint}</p>}
      {errors.length > 0 && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-danger-600">
          {errors.join(' ')}
        </p>
      )}
    </>
  );
  if (group)
    return (
      <fieldset className="flex flex-col gap-2" aria-invalid={errors.length > 0 || undefined}>
        <legend className="mb-1 text-sm font-medium text-neutral-800">{label}</legend>
        {body}
      </fieldset>
    );
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1 text-sm font-medium text-neutral-800">
        {label}
      </label>
      {body}
    </div>
  );
}

const labelOf = (t: TFunction, field: SiteBlockField) => t(`site:fields.${field.name}`, { defaultValue: field.name });

function TextControl({ field, name, id, value, onChange, label }: ControlProps<string>) {
  const { t } = useTranslation('site');
  const errors = useFieldErrors(name);
  const common = {
    id,
    value: value ?? '',
    maxLength: field.max,
    invalid: errors.length > 0,
    'aria-describedby': errors.length > 0 ? `${id}-error` : undefined,
  };
  return (
    <FieldFrame id={id} name={name} label={label} hint={field.max ? t('field.max', { count: field.max }) : undefined}>
      {field.kind === 'textarea' ? (
        <Textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldFrame>
  );
}

function NumberControl({ field, name, id, value, onChange, label }: ControlProps<number>) {
  const errors = useFieldErrors(name);
  return (
    <FieldFrame id={id} name={name} label={label}>
      <NumberInput
        id={id}
        value={value ?? null}
        min={field.min}
        max={field.max}
        invalid={errors.length > 0}
        onChange={(next) => onChange(next ?? (field.default as number) ?? field.min ?? 0)}
      />
    </FieldFrame>
  );
}

function BooleanControl({ id, value, onChange, label }: ControlProps<boolean>) {
  return <Switch id={id} label={label} checked={value === true} onCheckedChange={(next) => onChange(next === true)} />;
}

function SelectControl({ field, name, id, value, onChange, label }: ControlProps<string>) {
  const { t } = useTranslation('site');
  return (
    <FieldFrame id={id} name={name} label={label}>
      <select id={id} className={SELECT_CLASS} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {t(`options.${field.name}.${option}`, { defaultValue: option })}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** An image (uploaded with progress, statuses 1/2/3) or a video on YouTube, Rutube or Vimeo. */
export function MediaControl({
  name,
  id,
  value,
  onChange,
  label,
  nullable = true,
}: ControlProps<BlockMedia | null> & { nullable?: boolean }) {
  const { t } = useTranslation('site');
  const { organizerId } = useSiteEditorContext();
  const upload = useImageUpload(organizerId);
  const kind = value?.kind ?? 'image';
  const [mode, setMode] = useState<'image' | 'video'>(kind);
  return (
    <FieldFrame id={id} name={name} label={label} group>
      <div role="radiogroup" aria-label={t('media.kind')} className="flex gap-1">
        {(['image', 'video'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              'rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-primary-500',
              mode === m
                ? 'bg-primary-50 text-primary-700 ring-1 ring-primary-200'
                : 'text-neutral-600 hover:bg-neutral-100',
            )}
          >
            {t(`media.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'image' ? (
        <>
          {value?.kind === 'image' && (
            <div className="flex items-start gap-3">
              <img
                src={value.image.url}
                alt={value.image.alt}
                className="h-16 w-24 rounded-md object-cover ring-1 ring-neutral-200"
              />
              <Input
                aria-label={t('media.alt')}
                placeholder={t('media.alt')}
                value={value.image.alt}
                maxLength={200}
                onChange={(e) => onChange({ ...value, image: { ...value.image, alt: e.target.value } })}
              />
            </div>
          )}
          <Upload
            upload={upload}
            accept={IMAGE_ACCEPT}
            clearOnSuccess
            label={value?.kind === 'image' ? t('media.replace') : t('media.upload')}
            onUploaded={(image) => onChange({ kind: 'image', image: { id: image.id, url: image.url, alt: '' } })}
          />
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <select
            aria-label={t('media.provider')}
            className={SELECT_CLASS}
            value={value?.kind === 'video' ? value.provider : 'youtube'}
            onChange={(e) =>
              onChange({
                kind: 'video',
                provider: e.target.value as (typeof VIDEO_PROVIDERS)[number],
                url: value?.kind === 'video' ? value.url : '',
                poster: value?.kind === 'video' ? value.poster : null,
              })
            }
          >
            {VIDEO_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`media.providers.${p}`)}
              </option>
            ))}
          </select>
          <Input
            type="url"
            aria-label={t('media.videoUrl')}
            placeholder="https://"
            value={value?.kind === 'video' ? value.url : ''}
            onChange={(e) =>
              onChange({
                kind: 'video',
                provider: value?.kind === 'video' ? value.provider : 'youtube',
                url: e.target.value,
                poster: value?.kind === 'video' ? value.poster : null,
              })
            }
          />
        </div>
      )}
      {nullable && value && (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} className="self-start">
          <Trash2 size={14} aria-hidden="true" /> {t('media.remove')}
        </Button>
      )}
    </FieldFrame>
  );
}

const LINK_KINDS = [BLOCK_LINK_KIND.anchor, BLOCK_LINK_KIND.external_link, BLOCK_LINK_KIND.crm_booking] as const;

/** Where a button leads: an anchor on the page (1), an external link (2) or the booking of a tour (3). */
export function LinkControl({
  name,
  id,
  value,
  onChange,
  label,
  nullable = true,
}: ControlProps<BlockLink | null> & { nullable?: boolean }) {
  const { t } = useTranslation('site');
  const { tours } = useSiteEditorContext();
  const kindId = `${id}-kind`;
  const change = (kind: number) => {
    const text = value?.text ?? '';
    if (kind === 0) onChange(null);
    else if (kind === BLOCK_LINK_KIND.anchor) onChange({ kind, anchor: 'tours', text });
    else if (kind === BLOCK_LINK_KIND.external_link) onChange({ kind, url: 'https://', text });
    else onChange({ kind: BLOCK_LINK_KIND.crm_booking, tour_id: null, tour_date_id: null, text });
  };
  return (
    <FieldFrame id={id} name={name} label={label} group>
      <label htmlFor={kindId} className="sr-only">
        {t('link.kind')}
      </label>
      <select
        id={kindId}
        className={SELECT_CLASS}
        value={value?.kind ?? 0}
        onChange={(e) => change(Number(e.target.value))}
      >
        {nullable && <option value={0}>{t('link.none')}</option>}
        {LINK_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`link.kinds.${k}`)}
          </option>
        ))}
      </select>
      {value && (
        <Input
          aria-label={t('link.text')}
          placeholder={t('link.text')}
          maxLength={60}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
      )}
      {value?.kind === BLOCK_LINK_KIND.anchor && (
        <Input
          aria-label={t('link.anchor')}
          placeholder={t('link.anchor')}
          maxLength={64}
          value={value.anchor}
          onChange={(e) => onChange({ ...value, anchor: e.target.value })}
        />
      )}
      {value?.kind === BLOCK_LINK_KIND.external_link && (
        <Input
          type="url"
          aria-label={t('link.url')}
          value={value.url}
          maxLength={500}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
        />
      )}
      {value?.kind === BLOCK_LINK_KIND.crm_booking && (
        <select
          aria-label={t('link.tour')}
          className={SELECT_CLASS}
          value={value.tour_id ?? ''}
          onChange={(e) =>
            onChange({ ...value, tour_id: e.target.value ? Number(e.target.value) : null, tour_date_id: null })
          }
        >
          <option value="">{t('link.pageTour')}</option>
          {tours.map((tour) => (
            <option key={tour.id} value={tour.id}>
              {tour.name}
            </option>
          ))}
        </select>
      )}
      {value?.kind === BLOCK_LINK_KIND.crm_booking && value.tour_id !== null && (
        <DepartureSelect
          tourId={value.tour_id}
          value={value.tour_date_id}
          onChange={(tour_date_id) => onChange({ ...value, tour_date_id })}
        />
      )}
    </FieldFrame>
  );
}

/** A booking link's departure: any (the traveller picks), or one of the tour's upcoming ones. */
function DepartureSelect({
  tourId,
  value,
  onChange,
}: {
  tourId: number;
  value: number | null;
  onChange: (dateId: number | null) => void;
}) {
  const { t } = useTranslation('site');
  const { organizerId } = useSiteEditorContext();
  const dates = useTourDatesPage(organizerId, tourId, { page: 1, period: 'upcoming', limit: TOUR_DATES_MAX_PAGE_SIZE });
  const items = dates.data?.items ?? [];
  return (
    <select
      aria-label={t('link.departure')}
      className={SELECT_CLASS}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      <option value="">{t('link.anyDeparture')}</option>
      {/* a departure chosen before that has passed stays shown, so the link is not changed unseen */}
      {value !== null && !items.some((d) => d.id === value) && <option value={value}>{t('link.pastDeparture')}</option>}
      {items.map((d) => (
        <option key={d.id} value={d.id}>
          {d.date_start_formatted || d.date_start} – {d.date_end_formatted || d.date_end}
        </option>
      ))}
    </select>
  );
}

type MenuItem = { text: string; link: BlockLink };

function MenuItemControl({ name, id, value, onChange, label }: ControlProps<MenuItem | null>) {
  const { t } = useTranslation('site');
  const item: MenuItem = value ?? { text: '', link: { kind: BLOCK_LINK_KIND.anchor, anchor: 'tours', text: '' } };
  return (
    <FieldFrame id={id} name={name} label={label} group>
      <Input
        aria-label={t('fields.text')}
        placeholder={t('fields.text')}
        maxLength={60}
        value={item.text}
        onChange={(e) => onChange({ ...item, text: e.target.value })}
      />
      <LinkControl
        field={{ name: 'link', kind: 'link' }}
        name={`${name}.link`}
        id={`${id}-link`}
        label={t('fields.link')}
        value={item.link}
        nullable={false}
        onChange={(link) => link && onChange({ ...item, link })}
      />
    </FieldFrame>
  );
}

/** Tours to show, in order: the organizer's tours as checkboxes; none checked: every published tour. */
function IdsControl({ field, name, id, value, onChange, label }: ControlProps<number[]>) {
  const { t } = useTranslation('site');
  const { tours } = useSiteEditorContext();
  const chosen = value ?? [];
  return (
    <FieldFrame id={id} name={name} label={label} hint={t('field.allTours')} group>
      {tours.length === 0 && <p className="text-sm text-neutral-500">{t('field.noTours')}</p>}
      {tours.map((tour) => (
        <Checkbox
          key={tour.id}
          label={tour.name}
          checked={chosen.includes(tour.id)}
          disabled={!chosen.includes(tour.id) && field.max !== undefined && chosen.length >= field.max}
          onCheckedChange={(checked) =>
            onChange(checked === true ? [...chosen, tour.id] : chosen.filter((tourId) => tourId !== tour.id))
          }
        />
      ))}
    </FieldFrame>
  );
}

function RichTextControl({ name, id, value, onChange, label }: ControlProps<string>) {
  const errors = useFieldErrors(name);
  return (
    <FieldFrame id={id} name={name} label={label}>
      <div className="rounded-lg border border-neutral-300 bg-white">
        <RichTextEditor id={id} value={value ?? ''} onChange={onChange} label={label} invalid={errors.length > 0} />
      </div>
    </FieldFrame>
  );
}

export interface ControlProps<V> {
  field: SiteBlockField;
  name: string;
  id: string;
  value: V;
  onChange: (value: V) => void;
  label: string;
}

/**
 * One control by the field's kind, with an id of its own: Puck's field id is on its wrapper, and
 * Puck mounts the fields panel twice (one hidden), so only a per-instance id lets a label name its
 * control.
 */
function Control(props: Omit<ControlProps<unknown>, 'id'>) {
  const p = { ...props, id: useId() };
  const as = <V,>() => p as unknown as ControlProps<V>;
  switch (props.field.kind) {
    case 'text':
    case 'textarea':
      return <TextControl {...as<string>()} />;
    case 'number':
      return <NumberControl {...as<number>()} />;
    case 'boolean':
      return <BooleanControl {...as<boolean>()} />;
    case 'select':
      return <SelectControl {...as<string>()} />;
    case 'media':
      return <MediaControl {...as<BlockMedia | null>()} nullable={props.field.nullable === true} />;
    case 'link':
      return <LinkControl {...as<BlockLink | null>()} nullable={props.field.nullable === true} />;
    case 'menu-item':
      return <MenuItemControl {...as<MenuItem | null>()} />;
    case 'ids':
      return <IdsControl {...as<number[]>()} />;
    case 'richtext':
      return <RichTextControl {...as<string>()} />;
    default:
      return null;
  }
}

const custom = (t: TFunction, field: SiteBlockField): CustomField<unknown> => {
  const label = labelOf(t, field);
  return {
    type: 'custom',
    label,
    render: ({ name, value, onChange }) => (
      <Control field={field} name={name} value={value} onChange={onChange} label={label} />
    ),
  };
};

/** An array item's one-line summary in Puck's list. */
const summaryOf = (t: TFunction, field: SiteBlockField) => (item: Record<string, unknown>, index?: number) => {
  const value = field.scalar ? item.value : item;
  const text =
    (value as { text?: string; title?: string; question?: string; author?: string; label?: string } | null) ?? {};
  const named = text.title || text.text || text.question || text.author || text.label;
  return named ? String(named).slice(0, 40) : t('site:field.item', { number: (index ?? 0) + 1 });
};

/** A Puck field of a described field. */
export const puckFieldOf = (t: TFunction, field: SiteBlockField): PuckField => {
  if (field.kind !== 'array') return custom(t, field);
  const of = field.of ?? [];
  return {
    type: 'array',
    label: labelOf(t, field),
    max: field.max,
    arrayFields: Object.fromEntries(of.map((f) => [f.name, puckFieldOf(t, f)])),
    defaultItemProps: Object.fromEntries(of.map((f) => [f.name, f.default ?? emptyOf(f)])),
    getItemSummary: summaryOf(t, field),
  } as PuckField;
};

/** A new item's value of a field without a default (a menu entry, a gallery picture). */
const emptyOf = (field: SiteBlockField): unknown => {
  switch (field.kind) {
    case 'menu-item':
      return { text: '', link: { kind: BLOCK_LINK_KIND.anchor, anchor: 'tours', text: '' } };
    case 'media':
    case 'link':
      return null;
    case 'number':
      return field.min ?? 0;
    case 'boolean':
      return false;
    case 'select':
      return field.options?.[0] ?? '';
    case 'ids':
    case 'array':
      return [];
    default:
      return '';
  }
};

/** Puck fields of a block type's described fields. */
export const puckFieldsOf = (t: TFunction, fields: readonly SiteBlockField[]): Fields =>
  Object.fromEntries(fields.map((f) => [f.name, puckFieldOf(t, f)]));
