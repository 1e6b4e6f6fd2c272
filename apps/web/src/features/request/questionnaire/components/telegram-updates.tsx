import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, cn, toast } from '@tourdesk/ui';
import { CircleCheck, Send } from 'lucide-react';
import type { Questionnaire } from '@tourdesk/contract/api/request-tourist';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { isLanguage } from '../../../../lib/i18n/i18n';
import { questionnaireQueryOptions } from '../api/get-questionnaire';
import { useUnlinkTelegram } from '../api/unlink-telegram';

/** How often the page asks whether the chat is linked while the traveller is in Telegram, and for how long. */
export const TELEGRAM_LINK_POLL_MS = 3_000;
const TELEGRAM_LINK_POLL_FOR_MS = 5 * 60_000;

/**
 * The booking's messages in Telegram (issue 24): a link that opens the bot with this booking's
 * start payload in the page's language; once a chat is linked, "Telegram linked" and a way to
 * unlink. Nothing while no bot is configured (the questionnaire answers no `telegram`).
 */
export function TelegramUpdates({ uuid, questionnaire }: { uuid: string; questionnaire: Questionnaire }) {
  const { t, i18n } = useTranslation('questionnaire');
  const toastError = useApiErrorToast();
  // while the traveller is away in Telegram the page asks now and then, so it says "linked" on return
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const telegram = questionnaire.telegram;
  const isWaiting = openedAt !== null && !telegram?.is_linked;
  useQuery({
    ...questionnaireQueryOptions(uuid),
    enabled: isWaiting,
    refetchInterval: () =>
      openedAt !== null && Date.now() - openedAt < TELEGRAM_LINK_POLL_FOR_MS ? TELEGRAM_LINK_POLL_MS : false,
  });
  const unlink = useUnlinkTelegram({
    onSuccess: () => {
      setOpenedAt(null);
      toast.success(t('telegram.unlinked'));
    },
  });
  if (!telegram) return null;
  const canLink = !questionnaire.is_closed;
  if (!telegram.is_linked && !canLink) return null;
  const url = telegram.link_urls[isLanguage(i18n.language) ? i18n.language : 'en'];
  const openBot = (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      // the button's look, but its label wraps: the Russian one is wider than a phone's card
      className={cn(
        'inline-flex items-center gap-2 self-start rounded-lg text-left text-sm font-medium',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        telegram.is_linked
          ? 'text-primary-700 underline-offset-4 hover:underline dark:text-primary-300'
          : 'min-h-10 border border-neutral-300 bg-surface px-4 py-2 text-neutral-800 hover:bg-neutral-50',
      )}
      onClick={() => setOpenedAt(Date.now())}
    >
      {!telegram.is_linked && <Send size={16} aria-hidden="true" className="shrink-0" />}
      {telegram.is_linked ? t('telegram.linkAnother') : t('telegram.get')}
    </a>
  );

  return (
    <Card className="flex flex-col gap-3">
      {telegram.is_linked ? (
        <>
          <div role="status" className="flex items-start gap-2">
            <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-success-600" />
            <div>
              <p className="text-sm font-semibold text-neutral-900">{t('telegram.linked')}</p>
              <p className="text-sm text-neutral-600">{t('telegram.linkedText')}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button
              variant="outline"
              size="sm"
              loading={unlink.isPending}
              onClick={() => unlink.mutate(uuid, { onError: toastError })}
            >
              {t('telegram.unlink')}
            </Button>
            {canLink && openBot}
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-neutral-700">{t('telegram.text')}</p>
          {openBot}
          {isWaiting && (
            <p role="status" className="text-sm text-neutral-600">
              {t('telegram.waiting')}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
