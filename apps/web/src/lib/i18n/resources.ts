import type { Resource } from 'i18next';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enPages from '../../locales/en/pages.json';
import enAuth from '../../locales/en/auth.json';
import enDebug from '../../locales/en/debug.json';
import enAccount from '../../locales/en/account.json';
import enOrganizer from '../../locales/en/organizer.json';
import enTours from '../../locales/en/tours.json';
import enRooming from '../../locales/en/rooming.json';
import enQuestionnaire from '../../locales/en/questionnaire.json';
import enBookings from '../../locales/en/bookings.json';
import enPayments from '../../locales/en/payments.json';
import enChat from '../../locales/en/chat.json';
import enMessages from '../../locales/en/messages.json';
import enSite from '../../locales/en/site.json';
import enReviews from '../../locales/en/reviews.json';
import enReports from '../../locales/en/reports.json';
import enDepartures from '../../locales/en/departures.json';
import enOperator from '../../locales/en/operator.json';
import ruCommon from '../../locales/ru/common.json';
import ruErrors from '../../locales/ru/errors.json';
import ruPages from '../../locales/ru/pages.json';
import ruAuth from '../../locales/ru/auth.json';
import ruDebug from '../../locales/ru/debug.json';
import ruAccount from '../../locales/ru/account.json';
import ruOrganizer from '../../locales/ru/organizer.json';
import ruTours from '../../locales/ru/tours.json';
import ruRooming from '../../locales/ru/rooming.json';
import ruQuestionnaire from '../../locales/ru/questionnaire.json';
import ruBookings from '../../locales/ru/bookings.json';
import ruPayments from '../../locales/ru/payments.json';
import ruChat from '../../locales/ru/chat.json';
import ruMessages from '../../locales/ru/messages.json';
import ruSite from '../../locales/ru/site.json';
import ruReviews from '../../locales/ru/reviews.json';
import ruReports from '../../locales/ru/reports.json';
import ruDepartures from '../../locales/ru/departures.json';
import ruOperator from '../../locales/ru/operator.json';
import { createI18n } from './i18n';
import type { Language } from '@tourdesk/contract/entities/user';

/** Every text of both languages, bundled: for tests (the app loads them per namespace). */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    pages: enPages,
    auth: enAuth,
    debug: enDebug,
    account: enAccount,
    organizer: enOrganizer,
    tours: enTours,
    rooming: enRooming,
    questionnaire: enQuestionnaire,
    bookings: enBookings,
    payments: enPayments,
    chat: enChat,
    messages: enMessages,
    site: enSite,
    reviews: enReviews,
    reports: enReports,
    departures: enDepartures,
    operator: enOperator,
  },
  ru: {
    common: ruCommon,
    errors: ruErrors,
    pages: ruPages,
    auth: ruAuth,
    debug: ruDebug,
    account: ruAccount,
    organizer: ruOrganizer,
    tours: ruTours,
    rooming: ruRooming,
    questionnaire: ruQuestionnaire,
    bookings: ruBookings,
    payments: ruPayments,
    chat: ruChat,
    messages: ruMessages,
    site: ruSite,
    reviews: ruReviews,
    reports: ruReports,
    departures: ruDepartures,
    operator: ruOperator,
  },
} as const satisfies Resource;

/** An i18next instance with every text loaded synchronously (unit tests). */
export const createTestI18n = (language: Language = 'en') => createI18n(language, resources);
