import type { Questionnaire } from '@tourdesk/contract';
import type { QuestionnaireRequestRow } from './request-tourist.repository';

/** The trip in a few words, as the questionnaire page heads it: the tour and its dates. */
export const tripOf = (row: QuestionnaireRequestRow): Questionnaire['trip'] => ({
  tour_name: row.tour_name ?? '',
  tour_type: row.tour_type === 1 || row.tour_type === 2 ? row.tour_type : null,
  date_start: row.date_start,
  date_end: row.date_end,
  time_start: row.time_start ?? '',
});

/** The organizer as its travellers reach it: its name and contacts from its profile. */
export const organizerOf = (row: QuestionnaireRequestRow): Questionnaire['organizer'] => {
  const contacts = row.organizer_contacts ?? {};
  const text = (key: string): string => (typeof contacts[key] === 'string' ? contacts[key] : '');
  return {
    id: row.organizer_id,
    name: row.organizer_name,
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
  };
};
