import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@tourdesk/ui';
import { CalendarPlus, CalendarRange } from 'lucide-react';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import { SCHEDULE_TYPE } from '@tourdesk/contract/enum-values';
import { TourDateCalendar } from './tour-date-calendar';
import { TourDateFormModal, type DateFormTarget } from './tour-date-form';
import { TourDateList } from './tour-date-list';
import { TourDatesBulkModal } from './tour-dates-bulk';
import { TourWeekSchedule } from './tour-week-schedule';

/** Departures of a tour by dates (schedule_type 1): a month calendar and a list, both editable, one or a series at a time. */
function DatesByDay({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tours');
  const [target, setTarget] = useState<DateFormTarget | null>(null);
  const [series, setSeries] = useState(false);
  const edit = (date: TourDate) => setTarget({ kind: 'edit', date });
  return (
    <Card id="section-dates" className="flex scroll-mt-20 flex-col gap-5 px-5 py-6 sm:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-base font-semibold text-neutral-900">{t('dates.title')}</h2>
          <p className="mt-1 text-sm text-neutral-600">{t('dates.text')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setSeries(true)}>
            <CalendarRange size={16} aria-hidden="true" />
            {t('dates.bulk.open')}
          </Button>
          <Button variant="outline" onClick={() => setTarget({ kind: 'new' })}>
            <CalendarPlus size={16} aria-hidden="true" />
            {t('dates.add')}
          </Button>
        </div>
      </div>
      <TourDateCalendar tour={tour} onAdd={(day) => setTarget({ kind: 'new', day })} onEdit={edit} />
      <TourDateList tour={tour} label={t('dates.title')} onEdit={edit} />
      <TourDateFormModal tour={tour} target={target} onClose={() => setTarget(null)} />
      <TourDatesBulkModal tour={tour} open={series} onClose={() => setSeries(false)} />
    </Card>
  );
}

/** The dates area of the tour editor: the tour's schedule_type decides between departures by dates and a weekly schedule. */
export function TourDates({ tour }: { tour: Tour }) {
  return tour.schedule_type === SCHEDULE_TYPE.weekly ? <TourWeekSchedule tour={tour} /> : <DatesByDay tour={tour} />;
}
