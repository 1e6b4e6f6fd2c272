import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, cn } from '@tourdesk/ui';
import { MessageCircle } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH, travellerChatPath } from '@tourdesk/contract/entities/chat-values';
import { isApiError } from '../../../lib/api/api-error';
import { fieldMessage, translateMessage, useApiErrorToast } from '../../../lib/form-errors';
import { startChatWithOrganizer } from '../api/traveller-chat';
import { newMessageUid } from '../outbox';

const STORAGE_PREFIX = 'questionnaire-chat:';

/** The chat link a traveller got for a request's questionnaire, remembered in this browser. */
const rememberedToken = (requestUuid: string): string | null => {
  try {
    return window.localStorage.getItem(`${STORAGE_PREFIX}${requestUuid}`);
  } catch {
    return null;
  }
};
const rememberToken = (requestUuid: string, token: string): void => {
  try {
    window.localStorage.setItem(`${STORAGE_PREFIX}${requestUuid}`, token);
  } catch {
    // the traveller keeps the link from the chat page itself
  }
};

export interface WriteToOrganizerProps {
  organizerId: number;
  organizerName: string;
  /** the questionnaire link's request: the chat is that request's, and the same one again continues it */
  requestUuid: string;
}

/**
 * "Write to the organizer" on the questionnaire page: a traveller without an account writes their
 * first message here (get-chat-with-organizer with the request's uuid, invisible captcha) and goes
 * on in the chat page its link opens; once they have one, the entry opens that chat.
 */
export function WriteToOrganizer({ organizerId, organizerName, requestUuid }: WriteToOrganizerProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const toastError = useApiErrorToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [clientId] = useState(newMessageUid);
  const fieldId = useId();
  const errorId = useId();
  const token = rememberedToken(requestUuid);

  if (token && !open)
    return (
      <Link
        to={travellerChatPath(token)}
        className="inline-flex items-center gap-2 self-start rounded-lg text-sm font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        <MessageCircle size={18} aria-hidden="true" />
        {t('write.openChat')}
      </Link>
    );

  if (!open)
    return (
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <MessageCircle size={18} aria-hidden="true" />
        {t('write.open')}
      </Button>
    );

  const send = async () => {
    const message = text.trim();
    if (!message) {
      setError(translateMessage({ code: 'required' }, t));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await startChatWithOrganizer({
        organizer_id: organizerId,
        request_uuid: requestUuid,
        message,
        client_id: clientId,
      });
      rememberToken(requestUuid, answer.token);
      void navigate(travellerChatPath(answer.token));
    } catch (failure) {
      const onField = isApiError(failure) && failure.status === 422 ? fieldMessage(failure, 'message', t) : undefined;
      if (onField) setError(onField);
      else toastError(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h2 className="text-base font-semibold text-neutral-900">{t('write.title', { organizer: organizerName })}</h2>
        <p className="mt-1 text-sm text-neutral-600">{t('write.text')}</p>
      </div>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={fieldId} className="text-sm font-medium text-neutral-800">
          {t('write.label')}
        </label>
        <textarea
          id={fieldId}
          value={text}
          rows={4}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'block w-full resize-y rounded-lg border border-neutral-300 bg-surface px-3 py-2 text-sm text-neutral-900',
            'focus:border-primary-500 focus:ring-2 focus:ring-primary-200 focus:outline-none',
            error && 'border-danger-500',
          )}
        />
        {error && (
          <p id={errorId} className="text-sm text-danger-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={sending}>
            {t('write.send')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t('write.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
