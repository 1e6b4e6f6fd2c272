import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import { COOKIE_NAMES, COUNTRY_COOKIE_DAYS } from '@tourdesk/contract/constants';
import { api } from '../../../lib/api/client';
import { DAY_SECONDS, getCookie, setCookie } from '../../../lib/cookies';
import { generalKeys } from './general-keys';

/** ISO code of the visitor's country; SPEC §7: cached in a cookie for 180 days. */
export const getCountryByIp = async (signal?: AbortSignal): Promise<string> => {
  const cached = getCookie(COOKIE_NAMES.country);
  if (cached && /^[A-Za-z]{2}$/.test(cached)) return cached.toUpperCase();
  const { result } = await api.call(generalRoutes.countryByIp, { signal });
  setCookie(COOKIE_NAMES.country, result.iso_code, COUNTRY_COOKIE_DAYS * DAY_SECONDS);
  return result.iso_code;
};

export const countryByIpQueryOptions = () =>
  queryOptions({
    queryKey: generalKeys.countryByIp(),
    queryFn: ({ signal }) => getCountryByIp(signal),
    staleTime: Infinity,
  });

export const useCountryByIp = () => useQuery(countryByIpQueryOptions());
