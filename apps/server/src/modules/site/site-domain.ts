import {
  CUSTOM_DOMAIN_PATTERN,
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_PATTERN,
  messageText,
  type DomainCheck,
  type Language,
  type MessageCode,
} from '@tourdesk/contract';
import type { SiteQueries } from './site.repository';

/**
 * The site's addresses: a subdomain of SITES_DOMAIN (SUBDOMAIN_PATTERN, not reserved, no other
 * site's) or the provider's own domain (CUSTOM_DOMAIN_PATTERN, not under SITES_DOMAIN, no other
 * site's, and its CNAME pointing at SITES_DOMAIN, asked of the injected resolver).
 */

export type ResolveCname = (host: string) => Promise<string[]>;

/** A host as the browser sends it: lower case, without its port and trailing dot. */
export const normalizeHost = (host: string): string =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

const RU: Partial<Record<MessageCode, string>> = {
  incorrect_value: 'Некорректное значение',
  site_subdomain_format: 'Используйте от 3 до 40 строчных латинских букв, цифр и дефисов, не в начале и не в конце',
  site_domain_reserved: 'Этот адрес зарезервирован',
  site_domain_taken: 'Этот адрес уже занят другим сайтом',
  site_custom_domain_format: 'Введите доменное имя, например tours.example.com',
  site_custom_domain_ours: 'Это адрес наших сайтов: выберите его как поддомен',
  site_custom_domain_dns: 'CNAME-запись домена должна указывать на {target}',
};
/** A domain refusal in the interface's language (the check's `message`). */
export const domainMessage = (code: MessageCode, lang: Language, params: Record<string, string> = {}): string =>
  lang === 'ru' && RU[code]
    ? RU[code].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '')
    : messageText(code, params);

export interface DomainVerdict {
  available: boolean;
  dns_ok: boolean | null;
  /** why not, null when it may be the site's */
  code: MessageCode | null;
}

/** Whether `domain` can be the site's (subdomain or custom); `siteId` is the asking site (its own address is available). */
export const judgeDomain = async (
  q: SiteQueries,
  deps: { sitesDomain: string; resolveCname: ResolveCname },
  domain: string,
  isCustom: boolean,
  siteId: number | null,
): Promise<DomainVerdict> => {
  if (!isCustom) {
    if (!SUBDOMAIN_PATTERN.test(domain)) return { available: false, dns_ok: null, code: 'site_subdomain_format' };
    if ((RESERVED_SUBDOMAINS as readonly string[]).includes(domain))
      return { available: false, dns_ok: null, code: 'site_domain_reserved' };
    if (await q.domainTaken(domain, siteId)) return { available: false, dns_ok: null, code: 'site_domain_taken' };
    return { available: true, dns_ok: null, code: null };
  }
  const host = normalizeHost(domain);
  if (!CUSTOM_DOMAIN_PATTERN.test(host)) return { available: false, dns_ok: false, code: 'site_custom_domain_format' };
  if (host === deps.sitesDomain || host.endsWith(`.${deps.sitesDomain}`))
    return { available: false, dns_ok: false, code: 'site_custom_domain_ours' };
  if (await q.domainTaken(host, siteId)) return { available: false, dns_ok: false, code: 'site_domain_taken' };
  let targets: string[] = [];
  try {
    targets = await deps.resolveCname(host);
  } catch {
    // no record, no such name, or the resolver failed: not pointing at us (yet)
  }
  const ok = targets.some((t) => normalizeHost(t) === deps.sitesDomain);
  return { available: true, dns_ok: ok, code: ok ? null : 'site_custom_domain_dns' };
};

export const toDomainCheck = (
  domain: string,
  verdict: DomainVerdict,
  sitesDomain: string,
  lang: Language,
): DomainCheck => ({
  domain,
  available: verdict.available,
  dns_ok: verdict.dns_ok,
  cname_target: sitesDomain,
  message: verdict.code ? domainMessage(verdict.code, lang, { target: sitesDomain }) : null,
});
