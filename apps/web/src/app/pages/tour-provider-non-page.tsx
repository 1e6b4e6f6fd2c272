import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName, Card, EmptyState } from '@tourdesk/ui';
import { Store } from 'lucide-react';

/** /tour-provider/non: a signed-in user without any organizer. */
export function TourProviderNonPage() {
  const { t } = useTranslation('pages');
  return (
    <Card className="mx-auto max-w-xl py-10">
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
      <h1 className="sr-only">{t('tourProviderNon.title')}</h1>
    </Card>
  );
}
