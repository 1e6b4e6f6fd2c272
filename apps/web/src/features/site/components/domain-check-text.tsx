import { useTranslation } from 'react-i18next';
import { CheckCircle2, AlertCircle, Loader2 } from 'lucide-react';
import type { DomainCheckState } from './use-domain-check';

/** The live check's result under a domain field (announced politely). */
export function DomainCheckText({ id, state, isCustom }: { id: string; state: DomainCheckState; isCustom: boolean }) {
  const { t } = useTranslation('site');
  const content = (() => {
    switch (state.status) {
      case 'idle':
        return null;
      case 'invalid':
        return (
          <span className="inline-flex items-center gap-1 text-danger-600">
            <AlertCircle size={14} aria-hidden="true" /> {t(isCustom ? 'domain.invalidCustom' : 'domain.invalid')}
          </span>
        );
      case 'checking':
        return (
          <span className="inline-flex items-center gap-1 text-neutral-500">
            <Loader2 size={14} aria-hidden="true" className="animate-spin" /> {t('domain.checking')}
          </span>
        );
      case 'error':
        return <span className="text-danger-600">{t('domain.checkFailed')}</span>;
      case 'done': {
        const { result } = state;
        const ok = result.available && result.dns_ok !== false;
        return (
          <span className={ok ? 'inline-flex items-center gap-1 text-success-700' : 'text-danger-600'}>
            {ok && <CheckCircle2 size={14} aria-hidden="true" />}
            {ok
              ? t('domain.available', { domain: result.domain })
              : (result.message ??
                (result.available ? t('domain.dnsMissing', { target: result.cname_target }) : t('domain.taken')))}
          </span>
        );
      }
    }
  })();
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm">
      {content}
    </p>
  );
}

/** The check allows the domain: well-formed, free, and for a custom one its CNAME in place. */
export const domainAccepted = (state: DomainCheckState): boolean =>
  state.status === 'done' && state.result.available && state.result.dns_ok !== false;
