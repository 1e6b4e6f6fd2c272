import { useTranslation } from 'react-i18next';
import { BarChart3, CalendarCheck2, CircleCheck, CircleX, CreditCard, Star, type LucideIcon } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';

/** Screens that later issues fill in: their title and an empty state saying they are coming. */
const page = (key: string, Icon: LucideIcon, boxed = false) =>
  function Placeholder() {
    const { t } = useTranslation('pages');
    return (
      <ComingSoon
        title={t(`${key}.title`)}
        text={t(`${key}.text`)}
        icon={<Icon size={28} strokeWidth={1.75} />}
        boxed={boxed}
      />
    );
  };

export const BookingsPage = page('bookings', CalendarCheck2);
export const BookingPage = page('booking', CalendarCheck2);
export const ReviewsPage = page('reviews', Star);
export const PaymentsPage = page('payments', CreditCard);
export const ReportsPage = page('reports', BarChart3);
export const SuccessPage = page('success', CircleCheck, true);
export const FailPage = page('fail', CircleX, true);
