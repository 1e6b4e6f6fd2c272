import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScrollStrip } from '@tourdesk/ui';
import { useRealtimeEvent } from '../../lib/socket/realtime-context';
import { useDepartureCalendar } from './api/departures';
import { addDays, isoDay } from './calendar-range';
import { DepartureChip } from './departures-page';

/** The dashboard's "Next 7 days": the departures from today on, live; nothing when there are none. */
export function NextDaysStrip({ orgId }: { orgId: number }) {
  const { t } = useTranslation('departures');
  const now = new Date();
  const today = isoDay(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));
  const query = useDepartureCalendar(orgId, today, addDays(today, 6));
  useRealtimeEvent('departure_was_updated', () => void query.refetch());
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="next-days" className="mb-6 flex flex-col gap-2">
      <h2 id="next-days" className="text-base font-semibold">
        <Link to={`/${orgId}/departures?view=week`}>{t('nextDays')}</Link>
      </h2>
      <ScrollStrip className="gap-3">
        {items.map((d) => (
          <div key={d.tour_date_id} className="w-64 shrink-0">
            <p className="text-xs text-neutral-600">{d.date_start}</p>
            <DepartureChip orgId={orgId} d={d} />
          </div>
        ))}
      </ScrollStrip>
    </section>
  );
}
