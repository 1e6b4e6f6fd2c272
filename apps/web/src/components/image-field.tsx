import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Upload, type UploadFunction } from '@tourdesk/ui';
import { ImageIcon, Trash2 } from 'lucide-react';
import { errorAt } from '../lib/form/paths';

/** What an image upload gives back (POST /crm/api/image/upload): the id to save and a URL to show. */
export interface UploadedImageRef {
  id: number;
  url: string;
}
export type ImageUploadFunction = UploadFunction<UploadedImageRef>;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * An image of the profile (logo, sign, stamp, author's photo): upload with progress, then the
 * image itself, replace or remove. The value is what the request body carries: an image
 * `{ id, url, alt }` (valueAs 'image'), or its id (valueAs 'id': undefined while the `stored`
 * image stays, null once removed, the new id after an upload).
 */
export function ImageField({
  name,
  label,
  hint,
  upload,
  preview = 'contain',
  valueAs = 'image',
  stored = null,
}: {
  name: string;
  label: string;
  hint?: string;
  upload: ImageUploadFunction;
  preview?: 'contain' | 'cover';
  valueAs?: 'image' | 'id';
  /** the stored image's URL (valueAs 'id') */
  stored?: string | null;
}) {
  const { t } = useTranslation('organizer');
  const { control, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  // URLs of the images uploaded here, by id (an id value has no URL of its own)
  const [uploaded, setUploaded] = useState<Record<number, string>>({});
  const shown = (value: unknown): string | null => {
    if (valueAs === 'image') return (value as UploadedImageRef | null)?.url ?? null;
    if (value === undefined) return stored;
    return typeof value === 'number' ? (uploaded[value] ?? null) : null;
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const image = shown(field.value);
        return (
          <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-label={label}>
            <span className="text-sm font-medium text-neutral-800">{label}</span>
            {hint && <span className="text-xs text-neutral-500">{hint}</span>}
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-[repeating-conic-gradient(var(--color-neutral-100)_0%_25%,transparent_0%_50%)] bg-[length:16px_16px]">
                {image ? (
                  <img
                    src={image}
                    alt={t('images.preview', { name: label })}
                    className={
                      preview === 'cover' ? 'size-full object-cover' : 'max-h-full max-w-full object-contain p-2'
                    }
                  />
                ) : (
                  <span className="flex flex-col items-center gap-1 text-xs text-neutral-400">
                    <ImageIcon size={28} aria-hidden="true" />
                    {t('images.none')}
                  </span>
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <Upload<UploadedImageRef>
                  upload={upload}
                  accept={IMAGE_ACCEPT}
                  label={
                    image
                      ? t('images.replace', { name: label.toLowerCase() })
                      : t('images.choose', { name: label.toLowerCase() })
                  }
                  onUploaded={(result) => {
                    setUploaded((urls) => ({ ...urls, [result.id]: result.url }));
                    field.onChange(valueAs === 'id' ? result.id : { id: result.id, url: result.url, alt: '' });
                  }}
                />
                {image && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="self-start text-danger-700"
                    onClick={() => field.onChange(null)}
                  >
                    <Trash2 size={14} aria-hidden="true" />
                    {t('images.remove', { name: label.toLowerCase() })}
                  </Button>
                )}
                {error && (
                  <p role="alert" className="text-xs text-danger-600">
                    {error}
                  </p>
                )}
              </div>
            </div>
          </div>
        );
      }}
    />
  );
}
