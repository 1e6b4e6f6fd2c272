import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Clock, Globe, Mail, MapPin, Phone, UserRound } from 'lucide-react';
import type { Questionnaire, TouristsInfo } from '@tourdesk/contract/api/request-tourist';
import { formatDays } from '../dates';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-primary-600" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-neutral-500">{label}</dt>
        <dd className="text-sm break-words text-neutral-900">{children}</dd>
      </div>
    </div>
  );
}

function Details({ summary, text }: { summary: string; text: string }) {
  return (
    <details className="group rounded-lg border border-neutral-200 px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-neutral-800 marker:text-neutral-400">
        {summary}
      </summary>
      <p className="mt-2 text-sm whitespace-pre-line text-neutral-700">{text}</p>
    </details>
  );
}

/** The trip as the tourists see it: tour, dates, meeting point, what the price holds, who to call. */
export function TripSummary({ questionnaire, info }: { questionnaire: Questionnaire; info?: TouristsInfo }) {
  const { t, i18n } = useTranslation('questionnaire');
  const { trip, organizer } = questionnaire;
  const length =
    info?.days && info.days > 1
      ? t('trip.days', { count: info.days })
      : info?.duration_hours
        ? t('trip.hours', { count: info.duration_hours })
        : null;
  return (
    <section aria-labelledby="questionnaire-trip" className="flex flex-col gap-4 rounded-xl bg-neutral-50 p-4">
      <div>
        <p className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{t('trip.heading')}</p>
        <h2 id="questionnaire-trip" className="text-lg font-semibold text-neutral-900">
          {trip.tour_name || t('trip.untitled')}
        </h2>
      </div>
      <dl className="flex flex-col gap-3">
        <Row icon={<CalendarDays size={18} />} label={t('trip.dates')}>
          {trip.date_start ? formatDays(trip.date_start, trip.date_end, i18n.language) : t('trip.datesUnknown')}
          {length && <span className="text-neutral-600"> · {length}</span>}
        </Row>
        {trip.time_start && (
          <Row icon={<Clock size={18} />} label={t('trip.start')}>
            {trip.time_start}
          </Row>
        )}
        {info?.gathering_place && (
          <Row icon={<MapPin size={18} />} label={t('trip.meetingPoint')}>
            <span className="whitespace-pre-line">{info.gathering_place}</span>
          </Row>
        )}
        <Row icon={<UserRound size={18} />} label={t('trip.organizer')}>
          <span className="font-medium">{organizer.name}</span>
          <span className="mt-1 flex flex-col gap-1">
            {organizer.phone && (
              <a
                className="inline-flex items-center gap-1.5 text-primary-700 underline-offset-2 hover:underline"
                href={`tel:${organizer.phone.replace(/[^\d+]/g, '')}`}
                aria-label={t('trip.call', { phone: organizer.phone })}
              >
                <Phone size={14} aria-hidden="true" />
                {organizer.phone}
              </a>
            )}
            {organizer.email && (
              <a
                className="inline-flex items-center gap-1.5 text-primary-700 underline-offset-2 hover:underline"
                href={`mailto:${organizer.email}`}
                aria-label={t('trip.write', { email: organizer.email })}
              >
                <Mail size={14} aria-hidden="true" className="shrink-0" />
                {/* a long address wraps anywhere rather than widening the card on a phone */}
                <span className="min-w-0 [overflow-wrap:anywhere]">{organizer.email}</span>
              </a>
            )}
            {organizer.website && /^https?:\/\//i.test(organizer.website) && (
              <a
                className="inline-flex items-center gap-1.5 text-primary-700 underline-offset-2 hover:underline"
                href={organizer.website}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Globe size={14} aria-hidden="true" />
                {t('trip.website')}
              </a>
            )}
          </span>
        </Row>
      </dl>
      {(info?.in_price || info?.not_in_price) && (
        <div className="flex flex-col gap-2">
          {info.in_price && <Details summary={t('trip.included')} text={info.in_price} />}
          {info.not_in_price && <Details summary={t('trip.notIncluded')} text={info.not_in_price} />}
        </div>
      )}
    </section>
  );
}
