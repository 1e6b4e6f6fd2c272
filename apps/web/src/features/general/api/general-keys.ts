/** Query keys of the general endpoints (one factory per resource). */
export const generalKeys = {
  domainInfo: () => ['domain-info'] as const,
  countryByIp: () => ['country-by-ip'] as const,
  debugInfo: () => ['debug', 'info'] as const,
  debugOutbox: (limit: number) => ['debug', 'outbox', limit] as const,
};
