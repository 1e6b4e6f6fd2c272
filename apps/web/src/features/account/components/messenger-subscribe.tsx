import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, formatHintTimer, toast } from '@tourdesk/ui';
import { Copy, ExternalLink, Send } from 'lucide-react';
import { MESSENGER_SOURCE_ID } from '@tourdesk/contract/enum-values';
import { MESSENGER_CODE_LIFETIME_S } from '@tourdesk/contract/constants';
import type { MessengerSourceType } from '@tourdesk/contract/enums';
import { useCountdown } from '../../../lib/use-countdown';
import { useConnectionCode } from '../api/connection-code';

/**
 * SPEC §4 messenger subscribe: a connection code with a 300 s countdown, fetched afresh at 0,
 * copied on click. The user sends it to the bot; `onCheck` asks whether the link is done.
 */
export function MessengerSubscribe({
  source,
  onCheck,
  isChecking = false,
}: {
  source: MessengerSourceType;
  onCheck?: () => void;
  isChecking?: boolean;
}) {
  const { t } = useTranslation('account');
  const code = useConnectionCode(MESSENGER_SOURCE_ID[source]);
  const { refetch, dataUpdatedAt } = code;
  const onZero = useCallback(() => void refetch(), [refetch]);
  const countdown = useCountdown(onZero);
  const { start } = countdown;

  useEffect(() => {
    if (dataUpdatedAt > 0) start(MESSENGER_CODE_LIFETIME_S);
  }, [dataUpdatedAt, start]);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('subscribe.copied'));
    } catch {
      toast.error(t('subscribe.copyFailed'));
    }
  };

  return (
    <section
      aria-labelledby="messenger-subscribe-title"
      className="flex flex-col gap-3 rounded-xl border border-primary-100 bg-primary-50/60 p-4"
    >
      <h3 id="messenger-subscribe-title" className="flex items-center gap-2 text-sm font-semibold text-neutral-900">
        <Send size={16} className="text-primary-600" aria-hidden="true" />
        {t('subscribe.title', { messenger: t(`messengers.${source}`) })}
      </h3>
      <p className="text-sm text-neutral-700">{t('subscribe.text', { messenger: t(`messengers.${source}`) })}</p>
      {code.isPending ? (
        <div className="flex justify-center py-2 text-primary-600">
          <Spinner label={t('subscribe.loading')} />
        </div>
      ) : code.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-danger-600">
            {t('subscribe.failed')}
          </p>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('subscribe.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => void copy(code.data.code)}
            aria-label={t('subscribe.copy', { code: code.data.code })}
            className="group inline-flex items-center gap-2 rounded-lg border border-neutral-300 bg-surface px-3 py-2 font-mono text-lg font-semibold tracking-widest text-neutral-900 hover:border-primary-400 focus-visible:outline-2 focus-visible:outline-primary-500"
          >
            {code.data.code}
            <Copy size={16} className="text-neutral-400 group-hover:text-primary-600" aria-hidden="true" />
          </button>
          <span role="timer" aria-live="off" className="text-sm text-neutral-600 tabular-nums">
            {t('subscribe.expiresIn', { time: formatHintTimer(countdown.left) })}
          </span>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {code.data?.url && (
          <a
            href={code.data.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-primary-600 px-3 text-sm font-medium text-on-primary hover:bg-primary-700"
          >
            <ExternalLink size={14} aria-hidden="true" />
            {t('subscribe.openBot', { messenger: t(`messengers.${source}`) })}
          </a>
        )}
        {onCheck && (
          <Button size="sm" variant="outline" onClick={onCheck} loading={isChecking}>
            {t('subscribe.check')}
          </Button>
        )}
      </div>
    </section>
  );
}
