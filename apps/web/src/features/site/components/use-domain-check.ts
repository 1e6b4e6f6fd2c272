import { useEffect, useState } from 'react';
import type { DomainCheck } from '@tourdesk/contract/api/site';
import { CUSTOM_DOMAIN_PATTERN, RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from '@tourdesk/contract/api/site-routes';
import { siteFetchers } from '../api/site';

export type DomainCheckState =
  | { status: 'idle' }
  | { status: 'invalid' }
  | { status: 'checking' }
  | { status: 'done'; result: DomainCheck }
  | { status: 'error' };

/** How long typing pauses before the domain is checked. */
export const DOMAIN_CHECK_DELAY = 400;

/**
 * check-domain while the person types: the format first (SUBDOMAIN_PATTERN / CUSTOM_DOMAIN_PATTERN,
 * no call for a malformed name), then the server's answer (taken, reserved, the CNAME) once typing
 * pauses; an answer for a name since changed is dropped.
 */
export const useDomainCheck = (organizerId: number, domain: string, isCustom: boolean): DomainCheckState => {
  const value = domain.trim().toLowerCase();
  const wellFormed =
    value !== '' &&
    (isCustom
      ? CUSTOM_DOMAIN_PATTERN.test(value)
      : SUBDOMAIN_PATTERN.test(value) && !(RESERVED_SUBDOMAINS as readonly string[]).includes(value));
  const key = `${isCustom ? 'custom' : 'sub'}:${value}`;
  // the server's answer, with the name it is for (an answer for an older name is not shown)
  const [answer, setAnswer] = useState<{ key: string; result: DomainCheck | null } | null>(null);
  useEffect(() => {
    if (!wellFormed) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      siteFetchers.checkDomain(organizerId, { domain: value, is_custom: isCustom }, controller.signal).then(
        (result) => setAnswer({ key, result }),
        () => !controller.signal.aborted && setAnswer({ key, result: null }),
      );
    }, DOMAIN_CHECK_DELAY);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [organizerId, value, isCustom, wellFormed, key]);
  if (!value) return { status: 'idle' };
  if (!wellFormed) return { status: 'invalid' };
  if (answer?.key !== key) return { status: 'checking' };
  return answer.result ? { status: 'done', result: answer.result } : { status: 'error' };
};
