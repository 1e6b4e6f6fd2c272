/** A calendar day (YYYY-MM-DD) as the language writes it: 8 Jan 2027, 8 янв. 2027 г. */
export const formatDay = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
