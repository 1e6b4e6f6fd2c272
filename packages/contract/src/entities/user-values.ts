/** Currencies and languages, free of zod (the web imports these; ./user.ts re-exports them). */
export const CURRENCIES = ['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
