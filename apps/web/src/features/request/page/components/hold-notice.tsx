import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, formatHintTimer, toast } from '@tourdesk/ui';
import { Hourglass, TimerOff } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { BOOKING_STATUS } from '@tourdesk/contract/enum-values';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { HOLD_EXTENSION_SECONDS, useExtendHold } from '../api/request';
import { requestPageKeys } from '../api/request-keys';

/** Whole seconds from now to `iso`, ticking once a second; 0 once it has passed. */
const useSecondsLeft = (iso: string | null): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
};

/**
 * A request waiting for confirmation holds its seats for a while: the time left (SPEC §9 hint
 * timer, mm:ss or hh:mm:ss) and a button that keeps them longer; once the hold has lapsed, what
 * that means. Nothing for a confirmed or canceled request.
 */
export function HoldNotice({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const extend = useExtendHold();
  const toastApiError = useApiErrorToast();
  const holding = request.seats_taken > 0 && request.hold_expires_at !== null;
  const seconds = useSecondsLeft(holding ? request.hold_expires_at : null);
  const expired = holding && seconds === 0;
  useEffect(() => {
    // the sweep gives the seats back within a minute; the page shows it when it has
    if (expired) void queryClient.invalidateQueries({ queryKey: requestPageKeys.detail(request.request_id) });
  }, [expired, queryClient, request.request_id]);
  if (request.status !== BOOKING_STATUS.pending_confirm || request.is_individual_tour) return null;
  if (!holding || expired)
    return (
      <div className="flex items-start gap-3 rounded-xl border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
        <TimerOff size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-neutral-500" />
        <p>{t('request.hold.lapsed')}</p>
      </div>
    );
  const timer = formatHintTimer(seconds);
  return (
    <div
      role="timer"
      aria-label={t('request.hold.label')}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-warning-200 bg-warning-50 px-4 py-3 text-sm text-warning-900"
    >
      <Hourglass size={18} aria-hidden="true" className="shrink-0 text-warning-700" />
      <p className="min-w-0 flex-1">
        {t('request.hold.text', { count: request.seats_taken })}{' '}
        <span className="font-mono text-base font-semibold tabular-nums" aria-hidden="true">
          {timer}
        </span>
        {/* screen readers hear the time left when it is asked for, not every second */}
        <span className="sr-only">{t('request.hold.left', { time: timer })}</span>
      </p>
      <Button
        size="sm"
        variant="outline"
        loading={extend.isPending}
        onClick={() =>
          extend.mutate(request.request_id, {
            onSuccess: () => toast.success(t('request.hold.extended')),
            onError: toastApiError,
          })
        }
      >
        {t('request.hold.extend', { minutes: HOLD_EXTENSION_SECONDS / 60 })}
      </Button>
    </div>
  );
}
