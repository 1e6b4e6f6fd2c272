import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { PhoneCountry } from '@tourdesk/contract/entities/ui';

/** The brands' home markets and their neighbours are pinned to the top of the country picker. */
const PRIMARY = new Set(['RU', 'KZ', 'BY', 'UZ', 'AM', 'GE', 'RS', 'AE', 'CN']);

const englishNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** Every country libphonenumber knows, with its dial code; the kit localises the names. */
export const PHONE_COUNTRIES: PhoneCountry[] = getCountries().map((iso) => ({
  name: englishNames?.of(iso) ?? iso,
  iso_code: iso,
  phone_code: `+${getCountryCallingCode(iso)}`,
  is_primary: PRIMARY.has(iso),
}));
