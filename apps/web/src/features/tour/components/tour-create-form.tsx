import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@tourdesk/ui';
import type { TourCreateBody } from '@tourdesk/contract/api/tour';
import { TOUR_FIELD_RULES, tourFieldIssues } from '@tourdesk/contract/api/tour-rules';
import { SCHEDULE_TYPE, TOUR_TYPE } from '@tourdesk/contract/enum-values';
import { TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useCreateTour } from '../api/tour';
import { TourKindFields } from './tour-fields';

/** What a tour starts with: create's body but the organizer, which the page knows. */
type CreateBody = Required<Pick<TourCreateBody, 'name' | 'type' | 'schedule_type'>>;
const DEFAULTS: FormValues<CreateBody> = { name: '', type: TOUR_TYPE.tour, schedule_type: SCHEDULE_TYPE.dates };

/** /{orgId}/tours/create: what a tour starts with; the editor opens on the new draft. */
export function TourCreateForm({ orgId }: { orgId: number }) {
  const { t } = useTranslation('tours');
  const navigate = useNavigate();
  const create = useCreateTour(orgId);
  const form = useContractForm<CreateBody>({ defaults: DEFAULTS, rules: TOUR_FIELD_RULES, check: tourFieldIssues });
  const onSubmit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (tour) => void navigate(`/${orgId}/tours/${tour.id}`),
      onError: form.showServerError,
    }),
  );
  return (
    <Card className="max-w-2xl p-5 sm:p-6">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t('create.title')} className="flex flex-col gap-4">
          <TextField name="name" label={t('fields.name')} required />
          <TourKindFields />
          <p className="text-sm text-neutral-600">{t('create.text')}</p>
          <Button type="submit" className="self-start" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </form>
      </FormProvider>
    </Card>
  );
}
