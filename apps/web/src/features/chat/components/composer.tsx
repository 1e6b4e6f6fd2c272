import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn, formatFileSizeMb } from '@tourdesk/ui';
import { FileText, ImageIcon, Paperclip, SendHorizontal, Snowflake, X } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tourdesk/contract/entities/chat-values';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText, translateMessage } from '../../../lib/form-errors';
import type { ChatFileDraft, ChatUpload } from '../thread-source';
import { supportName } from './message-bubble';

/** The counter shows from this many characters on. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;
/** The text area grows up to this height (px), then scrolls. */
const MAX_HEIGHT = 160;

type Attachment =
  | { state: 'uploading'; file: File; progress: number; controller: AbortController }
  | { state: 'ready'; file: File; draft: ChatFileDraft }
  | { state: 'failed'; file: File; error: string };

export interface ComposerProps {
  onSend: (text: string, file: ChatFileDraft | null) => void;
  /** where a file goes before it is sent; none: text only (support's side) */
  upload?: ChatUpload;
  /** support froze the chat: nothing can be written */
  frozen?: boolean;
  /** who froze it (support's operator), said in the notice */
  frozenBy?: string | null;
  /** set on a change of chat: the text typed is kept per chat while the page lives */
  draftKey: string;
}

const drafts = new Map<string, string>();

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; a file is picked with the clip,
 * uploaded at once with its progress, and goes with the next message. A frozen chat shows why
 * nothing can be written instead.
 */
export function Composer({ onSend, upload, frozen = false, frozenBy = null, draftKey }: ComposerProps) {
  const { t, i18n } = useTranslation('chat');
  const [text, setText] = useState(() => drafts.get(draftKey) ?? '');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const counterId = useId();

  useEffect(() => {
    drafts.set(draftKey, text);
  }, [draftKey, text]);

  // the text area grows with its text
  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  // a file still uploading when the composer goes (another chat) is stopped
  const current = useRef(attachment);
  useEffect(() => {
    current.current = attachment;
  });
  useEffect(
    () => () => {
      if (current.current?.state === 'uploading') current.current.controller.abort();
    },
    [],
  );

  if (frozen)
    return (
      <div
        role="status"
        className="flex items-start gap-3 border-t border-neutral-200 bg-primary-50/60 px-4 py-3 text-sm text-neutral-800"
      >
        <Snowflake size={18} className="mt-0.5 shrink-0 text-primary-600" aria-hidden="true" />
        <p>
          <span className="font-semibold">{t('frozen.title')}</span>{' '}
          {frozenBy ? t('frozen.textBy', { name: supportName(frozenBy, t) }) : t('frozen.text')}
        </p>
      </div>
    );

  const startUpload = (file: File) => {
    if (!upload) return;
    const controller = new AbortController();
    setAttachment({ state: 'uploading', file, progress: 0, controller });
    upload(
      file,
      (percent) =>
        setAttachment((current) =>
          current?.state === 'uploading' && current.file === file
            ? { ...current, progress: Math.max(0, Math.min(100, Math.round(percent))) }
            : current,
        ),
      controller.signal,
    ).then(
      (draft) =>
        setAttachment((current) =>
          current?.state === 'uploading' && current.file === file ? { state: 'ready', file, draft } : current,
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const field = isApiError(error) && error.status === 422 ? error.fieldErrors.file?.[0] : undefined;
        const message = field ? translateMessage(field, t) : apiErrorText(error, t);
        setAttachment((current) =>
          current?.state === 'uploading' && current.file === file ? { state: 'failed', file, error: message } : current,
        );
      },
    );
  };

  const removeAttachment = () => {
    if (attachment?.state === 'uploading') attachment.controller.abort();
    setAttachment(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const trimmed = text.trim();
  const uploading = attachment?.state === 'uploading';
  const ready = attachment?.state === 'ready' ? attachment.draft : null;
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = !uploading && !tooLong && (trimmed !== '' || ready !== null);

  const send = () => {
    if (!canSend) return;
    onSend(trimmed, ready);
    setText('');
    setAttachment(null);
    if (fileInput.current) fileInput.current.value = '';
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="border-t border-neutral-200 bg-surface px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {attachment && (
        <div className="mb-2 flex items-center gap-3 rounded-lg bg-neutral-50 px-3 py-2 text-sm ring-1 ring-neutral-200">
          {attachment.file.type.startsWith('image/') ? (
            <ImageIcon size={18} className="shrink-0 text-neutral-500" aria-hidden="true" />
          ) : (
            <FileText size={18} className="shrink-0 text-neutral-500" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <p className="flex items-baseline gap-2">
              <span className="truncate font-medium text-neutral-900">{attachment.file.name}</span>
              <span className="shrink-0 text-xs text-neutral-600">
                {t('file.size', { size: formatFileSizeMb(attachment.file.size, i18n.language) })}
              </span>
            </p>
            {attachment.state === 'uploading' && (
              <div className="mt-1.5 flex items-center gap-2">
                <div
                  role="progressbar"
                  aria-label={t('upload.progress', { name: attachment.file.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={attachment.progress}
                  className="h-1.5 flex-1 overflow-hidden rounded-full bg-neutral-200"
                >
                  <div
                    className="h-full rounded-full bg-primary-600 transition-[width] duration-200"
                    style={{ width: `${attachment.progress}%` }}
                  />
                </div>
                <span className="w-9 text-end text-xs text-neutral-600 tabular-nums">{attachment.progress}%</span>
              </div>
            )}
            {attachment.state === 'ready' && <p className="text-xs text-success-700">{t('upload.ready')}</p>}
            {attachment.state === 'failed' && (
              <p role="alert" className="text-xs text-danger-700">
                {t('upload.failed', { reason: attachment.error })}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={removeAttachment}
            aria-label={attachment.state === 'uploading' ? t('upload.cancel') : t('upload.remove')}
            className="rounded-md p-1 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-primary-500"
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        {upload && (
          <>
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              // the clip button beside it is what people and screen readers use
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) startUpload(file);
              }}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={uploading}
              aria-label={t('composer.attach')}
              title={t('composer.attach')}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-50"
            >
              <Paperclip size={20} aria-hidden="true" />
            </button>
          </>
        )}
        <div className="min-w-0 flex-1">
          <textarea
            ref={textarea}
            value={text}
            rows={1}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('composer.placeholder')}
            aria-label={t('composer.label')}
            aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
            aria-invalid={tooLong || undefined}
            className={cn(
              'block max-h-40 min-h-10 w-full resize-none rounded-xl border border-neutral-300 bg-surface px-3.5 py-2 text-sm leading-6 text-neutral-900 placeholder:text-neutral-400',
              'focus:border-primary-500 focus:ring-2 focus:ring-primary-200 focus:outline-none',
              tooLong && 'border-danger-500 focus:border-danger-500 focus:ring-danger-200',
            )}
          />
          {text.length >= COUNTER_FROM && (
            <p
              id={counterId}
              className={cn('mt-1 text-end text-xs tabular-nums', tooLong ? 'text-danger-700' : 'text-neutral-600')}
            >
              {t('composer.counter', { count: text.length, max: CHAT_MESSAGE_MAX_LENGTH })}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('composer.send')}
          title={t('composer.sendHint')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-600 text-on-primary transition-colors hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <SendHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
