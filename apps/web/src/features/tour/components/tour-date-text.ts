import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import type { TourDate } from '@tourdesk/contract/entities/tour';
import { apiErrorText, fieldMessage } from '../../../lib/form-errors';
import { dayFormat } from './tour-date-values';

/** How a departure reads in the interface language: its days and time, its seats, its price. */
export const useDepartureText = (currency: string) => {
  const { t, i18n } = useTranslation('tours');
  const language = i18n.language;
  return useMemo(() => {
    const day = dayFormat(language, { day: 'numeric', month: 'short', year: 'numeric' });
    const money = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    return {
      day,
      money: (n: number) => money.format(n),
      /** 'Jul 3, 2027 – Jul 9, 2027, 10:00' */
      when: (d: Pick<TourDate, 'date_start' | 'date_end'> & { time_start?: string | null }) =>
        `${day(d.date_start)}${d.date_end !== d.date_start ? ` – ${day(d.date_end)}` : ''}${
          d.time_start ? `, ${d.time_start}` : ''
        }`,
      seats: (d: Pick<TourDate, 'number_of_free_seats' | 'number_of_seats'>) =>
        t('dates.freeSeats', { free: d.number_of_free_seats, total: d.number_of_seats }),
    };
  }, [language, currency, t]);
};

/** remove-date's refusal (a departure with bookings stays) says why, in the interface language. */
export const useRemoveErrorToast = () => {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => void toast.error(fieldMessage(error, 'date_id', t) ?? apiErrorText(error, t)),
    [t],
  );
};
