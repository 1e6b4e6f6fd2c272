import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName, Card, EmptyState } from '@tourdesk/ui';
import { BadgeCheck, FileSignature, Handshake, Store } from 'lucide-react';

/** /tour-provider/non: a signed-in user without any organizer is invited to create one. */
export function TourProviderNonPage() {
  const { t } = useTranslation('pages');
  const { t: to } = useTranslation('organizer');
  const steps = [
    { icon: Store, text: to('non.step1') },
    { icon: BadgeCheck, text: to('non.step2') },
    { icon: Handshake, text: to('non.step3') },
    { icon: FileSignature, text: to('non.step4') },
  ];
  return (
    <div className="mx-auto w-full max-w-xl">
      <Card className="py-10">
        <EmptyState
          icon={
            <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
              <Store size={28} strokeWidth={1.75} />
            </span>
          }
          title={<span className="block text-xl">{t('tourProviderNon.title')}</span>}
          text={t('tourProviderNon.text')}
          action={
            <Link to="/tour-provider/create" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              {t('tourProviderNon.action')}
            </Link>
          }
        />
        <ol
          className="mx-auto mt-8 grid max-w-md gap-3 px-6 text-sm text-neutral-700"
          aria-label={to('non.stepsLabel')}
        >
          {steps.map(({ icon: Icon, text }, i) => (
            <li key={text} className="flex items-center gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-xs font-semibold text-neutral-700">
                {i + 1}
              </span>
              <Icon size={18} className="shrink-0 text-primary-600" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ol>
        <h1 className="sr-only">{t('tourProviderNon.title')}</h1>
      </Card>
    </div>
  );
}
