import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { rules, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/user-settings';

/** First and last name (update-profile). */
export function ProfileDetailsForm({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const update = useUpdateProfile(onUser);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({ values: { first_name: user.first_name ?? '', last_name: user.last_name ?? '' } });

  const submit = handleSubmit((values) =>
    update.mutate(
      {
        first_name: values.first_name.trim() || null,
        last_name: values.last_name.trim() || null,
        timezone: user.timezone,
      },
      {
        onSuccess: (next) => {
          reset({ first_name: next.first_name ?? '', last_name: next.last_name ?? '' });
          toast.success(t('profile.saved'));
        },
        onError: (error) => showApiError(error, tc, { fields: ['first_name', 'last_name'] as const, setError }),
      },
    ),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={errors.first_name?.message}>
          <Input
            autoComplete="given-name"
            invalid={Boolean(errors.first_name)}
            {...register('first_name', { validate: toFormValidate([rules.maxLength(100)], translate) })}
          />
        </Field>
        <Field label={t('fields.lastName')} error={errors.last_name?.message}>
          <Input
            autoComplete="family-name"
            invalid={Boolean(errors.last_name)}
            {...register('last_name', { validate: toFormValidate([rules.maxLength(100)], translate) })}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
