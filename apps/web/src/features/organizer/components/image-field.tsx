import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Upload, type UploadFunction } from '@tourdesk/ui';
import { ImageIcon, Trash2 } from 'lucide-react';
import { errorAt } from './form-kit';

/** What an image upload gives back (POST /crm/api/image/upload): the id to save and a URL to show. */
export interface UploadedImageRef {
  id: number;
  url: string;
}
export type ImageUploadFunction = UploadFunction<UploadedImageRef>;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** An image of the profile (logo, sign, stamp): upload with progress, then the image itself, replace or remove. */
export function ImageField({
  name,
  label,
  hint,
  upload,
  preview = 'contain',
}: {
  name: string;
  label: string;
  hint?: string;
  upload: ImageUploadFunction;
  preview?: 'contain' | 'cover';
}) {
  const { t } = useTranslation('organizer');
  const { control, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const image = field.value as UploadedImageRef | null;
        return (
          <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-label={label}>
            <span className="text-sm font-medium text-neutral-800">{label}</span>
            {hint && <span className="text-xs text-neutral-500">{hint}</span>}
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-[repeating-conic-gradient(var(--color-neutral-100)_0%_25%,transparent_0%_50%)] bg-[length:16px_16px]">
                {image ? (
                  <img
                    src={image.url}
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
                  onUploaded={(result) => field.onChange({ id: result.id, url: result.url })}
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
