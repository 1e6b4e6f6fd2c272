import { lazy, memo, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import { DOCUMENT_CLASS, RichTextPreview } from '../../components/rich-text-preview';
import { errorAt } from './paths';

// TipTap (~100 KB gzip) loads when the text is first focused or clicked, not with the screen
const RichTextEditor = lazy(() =>
  import('../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);

const FRAME = 'overflow-hidden rounded-xl border bg-surface';

// rendered once: what is typed into the box below then belongs to the browser, not to React
const StaticPreview = memo(RichTextPreview);

/**
 * The box while the editor loads: focused at once, editable as plain HTML, so what is typed in the
 * meantime is the form's value that the editor opens with (it used to be lost, and the description
 * with it).
 */
function LoadingEditor({
  value,
  onChange,
  label,
  describedBy,
  invalid,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  describedBy?: string;
  invalid: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [initial] = useState(value);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    // the caret at the end, as the editor puts it
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, []);
  return (
    <div className={cn(FRAME, invalid ? 'border-danger-500' : 'border-primary-500')}>
      <div className="h-[2.6rem] border-b border-neutral-200" aria-hidden="true" />
      <div
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        aria-busy="true"
        contentEditable
        suppressContentEditableWarning
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        className={cn('min-h-48 px-4 py-3 outline-none', DOCUMENT_CLASS)}
      >
        <StaticPreview html={initial} />
      </div>
    </div>
  );
}

/**
 * A formatted text (HTML) of the surrounding form, e.g. a tour's description; the server sanitises
 * it. Until it is focused it shows the text as it reads (same box, same role and name), so a
 * screen with one does not download the editor; focusing it (Tab, a click) swaps the editor in
 * with the caret at the end.
 */
export function RichTextField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  const id = useId();
  const [editing, setEditing] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const preview = (
          <div
            className={cn(FRAME, error ? 'border-danger-500' : 'border-neutral-300 hover:border-neutral-400')}
            data-testid="rich-text-preview"
          >
            <div className="h-[2.6rem] border-b border-neutral-200" aria-hidden="true" />
            <div
              ref={field.ref}
              role="textbox"
              aria-multiline="true"
              aria-label={label}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
              tabIndex={0}
              onFocus={() => setEditing(true)}
              onMouseDown={(e) => {
                // the box that takes the text replaces this one at once: the browser's own focus on
                // mouse down would land on the removed box and take the focus from the new one
                e.preventDefault();
                setEditing(true);
              }}
              className={cn('min-h-48 cursor-text px-4 py-3 outline-none', DOCUMENT_CLASS)}
            >
              {value ? (
                <RichTextPreview html={value} />
              ) : (
                <p className="text-neutral-500">{t('richText.placeholder')}</p>
              )}
            </div>
          </div>
        );
        return (
          <div className={cn('flex flex-col gap-1.5', className)}>
            <span id={`${id}-label`} className="text-sm font-medium text-neutral-800">
              {label}
            </span>
            {editing ? (
              <Suspense
                fallback={
                  <LoadingEditor
                    value={value}
                    onChange={field.onChange}
                    label={label}
                    describedBy={error ? `${id}-error` : undefined}
                    invalid={Boolean(error)}
                  />
                }
              >
                <RichTextEditor
                  value={value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label={label}
                  invalid={Boolean(error)}
                  describedBy={error ? `${id}-error` : undefined}
                  autofocus
                />
              </Suspense>
            ) : (
              preview
            )}
            {error && (
              <div id={`${id}-error`} role="alert" className="text-xs text-danger-600">
                {error}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}
