import { useState, type DragEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Upload, cn } from '@tourdesk/ui';
import { ArrowLeft, ArrowRight, Star, Trash2 } from 'lucide-react';
import type { Image } from '@tourdesk/contract/entities/common';
import { errorAt } from '../../../lib/form/paths';
import { useImageUpload } from '../../../lib/upload/use-upload';
import { IMAGE_ACCEPT } from '../../../components/image-field';

/** Moves the item at `from` to `to` (both within the list). */
export const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A list of photos in the provider's order: uploads with progress (several at once, or dropped),
 * drag to reorder (or the arrow buttons, by keyboard), alt text, remove, and — with `coverName` —
 * the cover lists and cards show. The value is the stored images `{ id, url, alt }`; the body
 * sends `{ id, alt }` (the section's prepare).
 */
export function PhotoListField({
  name,
  coverName,
  label,
  hint,
  organizerId,
  max,
}: {
  name: string;
  coverName?: string;
  label: string;
  hint?: string;
  organizerId: number;
  max: number;
}) {
  const { t } = useTranslation('tours');
  const { control, formState, setValue, getValues } = useFormContext();
  const { field } = useController({ control, name });
  const photos = (field.value ?? []) as Image[];
  const watched = useWatch({ control, name: coverName ?? name }) as unknown;
  const cover = coverName ? ((watched as number | null) ?? photos[0]?.id ?? null) : null;
  const upload = useImageUpload(organizerId);
  const [dragged, setDragged] = useState<number | null>(null);
  const error = errorAt(formState.errors, name);

  const change = (next: Image[]) => {
    field.onChange(next);
    if (!coverName) return;
    const current = getValues(coverName) as number | null;
    // the cover stays a photo of the list: the first one when it was removed or none was chosen
    if (current === null || !next.some((p) => p.id === current))
      setValue(coverName, next[0]?.id ?? null, { shouldDirty: true });
  };
  const add = (image: { id: number; url: string }) =>
    // uploads finish one by one: read the latest list, not the one this render saw
    change([...((getValues(name) ?? []) as Image[]), { id: image.id, url: image.url, alt: '' }].slice(0, max));
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null && dragged !== to) change(moved(photos, dragged, to));
    setDragged(null);
  };

  return (
    <div className="flex flex-col gap-3 sm:col-span-2" role="group" aria-label={label}>
      <div>
        <span className="text-sm font-medium text-neutral-800">{label}</span>
        {hint && <p className="text-xs text-neutral-500">{hint}</p>}
      </div>
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('photos.list', { label })}>
          {photos.map((photo, i) => {
            const isCover = coverName !== undefined && photo.id === cover;
            const n = i + 1;
            return (
              <li
                key={photo.id}
                draggable
                onDragStart={() => setDragged(i)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, i)}
                onDragEnd={() => setDragged(null)}
                data-testid="tour-photo"
                className={cn(
                  'group flex cursor-grab flex-col overflow-hidden rounded-lg border bg-surface',
                  isCover ? 'border-primary-500 ring-2 ring-primary-200' : 'border-neutral-200',
                  dragged === i && 'opacity-50',
                )}
              >
                <div className="relative aspect-[4/3] bg-neutral-100">
                  <img
                    src={photo.url}
                    alt={photo.alt || t('photos.photo', { n })}
                    className="size-full object-cover"
                    draggable={false}
                  />
                  {isCover && (
                    <span className="absolute start-2 top-2 rounded-md bg-primary-600 px-2 py-0.5 text-xs font-medium text-white">
                      {t('photos.cover')}
                    </span>
                  )}
                </div>
                <div className="flex flex-col gap-2 p-2">
                  <label className="flex flex-col gap-1 text-xs text-neutral-600">
                    {t('photos.alt', { n })}
                    <input
                      className="rounded-md border border-neutral-300 px-2 py-1 text-sm text-neutral-900 focus:border-primary-500 focus:outline-none"
                      value={photo.alt}
                      maxLength={255}
                      onChange={(event) =>
                        change(photos.map((p) => (p.id === photo.id ? { ...p, alt: event.target.value } : p)))
                      }
                    />
                  </label>
                  <div className="flex items-center gap-1">
                    <IconButton
                      label={t('photos.moveBack', { n })}
                      disabled={i === 0}
                      onClick={() => change(moved(photos, i, i - 1))}
                    >
                      <ArrowLeft size={15} aria-hidden="true" className="rtl:rotate-180" />
                    </IconButton>
                    <IconButton
                      label={t('photos.moveForward', { n })}
                      disabled={i === photos.length - 1}
                      onClick={() => change(moved(photos, i, i + 1))}
                    >
                      <ArrowRight size={15} aria-hidden="true" className="rtl:rotate-180" />
                    </IconButton>
                    {coverName && (
                      <IconButton
                        label={t('photos.makeCover', { n })}
                        pressed={isCover}
                        onClick={() => setValue(coverName, photo.id, { shouldDirty: true })}
                      >
                        <Star size={15} aria-hidden="true" className={isCover ? 'fill-current' : undefined} />
                      </IconButton>
                    )}
                    <IconButton
                      label={t('photos.remove', { n })}
                      className="ms-auto text-danger-700"
                      onClick={() => change(photos.filter((p) => p.id !== photo.id))}
                    >
                      <Trash2 size={15} aria-hidden="true" />
                    </IconButton>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {photos.length < max && (
        <Upload<{ id: number; url: string }>
          upload={upload}
          accept={IMAGE_ACCEPT}
          multiple
          clearOnSuccess
          label={t('photos.add')}
          onUploaded={add}
        />
      )}
      {error && (
        <p role="alert" className="text-xs text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  pressed,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'rounded-md p-1.5 text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-40',
        pressed && 'text-primary-700',
        className,
      )}
    >
      {children}
    </button>
  );
}
