import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { cn } from './cn';
import { UPLOAD_STATUS, type UploadStatus } from './constants';
import { useUiTexts } from './i18n';
import { formatFileSizeMb } from './utils';
import { Button } from './button';
import { CloseIcon } from './close-icon';

/** Uploads one file, reporting progress 0–100; resolves with the server's result. */
export type UploadFunction<R = unknown> = (file: File, onProgress: (percent: number) => void) => Promise<R>;

export interface UploadItem<R = unknown> {
  id: string;
  file: File;
  status: UploadStatus;
  progress: number;
  result?: R;
  error?: string;
}

export interface UploadProps<R = unknown> {
  upload: UploadFunction<R>;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Called when a file has uploaded successfully. */
  onUploaded?: (result: R, file: File) => void;
  onRemove?: (item: UploadItem<R>) => void;
  /** Label of the picker button; default 'Choose file'. */
  label?: string;
  /** Drop a file's row once it has uploaded (the caller shows the result, e.g. in a gallery). */
  clearOnSuccess?: boolean;
  className?: string;
}

let counter = 0;

/** A file picker and drop zone with a progress bar per file, statuses 1/2/3 and retry. */
export function Upload<R = unknown>({
  upload,
  accept,
  multiple = false,
  disabled,
  onUploaded,
  onRemove,
  label,
  clearOnSuccess = false,
  className,
}: UploadProps<R>) {
  const { t, locale } = useUiTexts();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [items, setItems] = useState<UploadItem<R>[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = useCallback((id: string, change: Partial<UploadItem<R>>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (id: string, file: File) => {
      patch(id, { status: UPLOAD_STATUS.inProgress, progress: 0, error: undefined });
      upload(file, (percent) => patch(id, { progress: Math.max(0, Math.min(100, Math.round(percent))) })).then(
        (result) => {
          if (clearOnSuccess) setItems((current) => current.filter((item) => item.id !== id));
          else patch(id, { status: UPLOAD_STATUS.success, progress: 100, result });
          onUploaded?.(result, file);
        },
        (error: unknown) =>
          patch(id, { status: UPLOAD_STATUS.fail, error: error instanceof Error ? error.message : undefined }),
      );
    },
    [patch, upload, onUploaded, clearOnSuccess],
  );

  const addFiles = (files: FileList | File[] | null) => {
    if (!files) return;
    const list = Array.from(files).slice(0, multiple ? undefined : 1);
    const added = list.map((file) => ({
      id: `upload-${++counter}`,
      file,
      status: UPLOAD_STATUS.inProgress as UploadStatus,
      progress: 0,
    }));
    setItems((current) => (multiple ? [...current, ...added] : added));
    for (const item of added) start(item.id, item.file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(event.dataTransfer.files);
  };

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm text-neutral-600 transition-colors',
          dragging ? 'border-primary-500 bg-primary-50 dark:bg-neutral-100' : 'border-neutral-300',
          disabled && 'opacity-50',
        )}
        data-dragging={dragging || undefined}
        data-testid="upload-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="sr-only"
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-label={label ?? t('chooseFile')}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {label ?? t('chooseFile')}
        </Button>
        <span>{t('dropFiles')}</span>
      </div>
      {items.length > 0 && (
        <ul className="flex flex-col gap-2">
          {items.map((item) => {
            const statusText =
              item.status === UPLOAD_STATUS.success
                ? t('uploadSuccess')
                : item.status === UPLOAD_STATUS.fail
                  ? t('uploadFail')
                  : t('uploadInProgress');
            return (
              <li key={item.id} className="rounded-lg border border-neutral-200 px-3 py-2" data-status={item.status}>
                <div className="flex items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium text-neutral-900">{item.file.name}</span>
                  <span className="text-neutral-500 tabular-nums">
                    {t('sizeMb', { size: formatFileSizeMb(item.file.size, locale) })}
                  </span>
                  <span
                    className={cn(
                      'text-xs',
                      item.status === UPLOAD_STATUS.fail
                        ? 'text-danger-600'
                        : item.status === UPLOAD_STATUS.success
                          ? 'text-success-700'
                          : 'text-neutral-500',
                    )}
                  >
                    {statusText}
                  </span>
                  {item.status === UPLOAD_STATUS.fail && (
                    <Button size="sm" variant="link" onClick={() => start(item.id, item.file)}>
                      {t('retry')}
                    </Button>
                  )}
                  {item.status !== UPLOAD_STATUS.inProgress && (
                    <button
                      type="button"
                      className="rounded p-1 text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500"
                      aria-label={t('removeItem', { item: item.file.name })}
                      onClick={() => {
                        setItems((current) => current.filter((other) => other.id !== item.id));
                        onRemove?.(item);
                      }}
                    >
                      <CloseIcon size={14} />
                    </button>
                  )}
                </div>
                {item.status === UPLOAD_STATUS.inProgress && (
                  <div
                    role="progressbar"
                    aria-label={item.file.name}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={item.progress}
                    className="mt-2 h-1.5 overflow-hidden rounded-full bg-neutral-200"
                  >
                    <div
                      className="h-full rounded-full bg-primary-600 transition-[width]"
                      style={{ width: `${item.progress}%` }}
                    />
                  </div>
                )}
                {item.status === UPLOAD_STATUS.fail && item.error && (
                  <p className="mt-1 text-xs text-danger-600">{item.error}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
