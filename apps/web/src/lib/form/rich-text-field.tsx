import { lazy, Suspense, useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { cn } from '@tourdesk/ui';
import { errorAt } from './paths';

// TipTap loads with the first rich-text field on a screen, not with the screen
const RichTextEditor = lazy(() =>
  import('../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);

/** A formatted text (HTML) of the surrounding form, e.g. a tour's description; the server sanitises it. */
export function RichTextField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { control, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex flex-col gap-1.5', className)}>
          <span id={`${id}-label`} className="text-sm font-medium text-neutral-800">
            {label}
          </span>
          <Suspense
            fallback={<div className="min-h-60 animate-pulse rounded-xl border border-neutral-200 bg-neutral-50" />}
          >
            <RichTextEditor
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={label}
              invalid={Boolean(error)}
              describedBy={error ? `${id}-error` : undefined}
            />
          </Suspense>
          {error && (
            <div id={`${id}-error`} role="alert" className="text-xs text-danger-600">
              {error}
            </div>
          )}
        </div>
      )}
    />
  );
}
