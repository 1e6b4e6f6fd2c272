import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@tourdesk/ui';
import { ArrowLeft } from 'lucide-react';
import { useProfile } from '../../features/auth/api/get-profile';
import { OrganizerCreateForm } from '../../features/organizer/components/organizer-create-form';

/** /tour-provider/create: the provider's name and market; then its dashboard. */
export function TourProviderCreatePage() {
  const { t } = useTranslation('organizer');
  const navigate = useNavigate();
  const { data: user } = useProfile();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <div className="mb-4 flex">
        <Link
          to="/tour-provider/non"
          className="inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
        >
          <ArrowLeft size={16} aria-hidden="true" />
          {t('create.back')}
        </Link>
      </div>
      <Card className="px-5 py-6 sm:px-8 sm:py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('create.title')}</h1>
        <p className="mt-1 mb-6 text-sm text-neutral-600">{t('create.text')}</p>
        <OrganizerCreateForm
          defaultEmail={user?.email ?? ''}
          onCreated={(organizer) => void navigate(`/${organizer.id}/dashboard`)}
        />
      </Card>
    </div>
  );
}
