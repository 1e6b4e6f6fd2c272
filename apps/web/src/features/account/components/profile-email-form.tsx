import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { FORM_RULES, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { useChangeEmail } from '../api/change-email';

/** change-email: the new address is saved unconfirmed and gets a confirmation link. */
export function ProfileEmailForm({ user, onChanged }: { user: User; onChanged: () => Promise<unknown> | void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm({ values: { email: user.email ?? '' } });

  const submit = handleSubmit((values) =>
    change.mutate(values.email.trim(), {
      onSuccess: async (data) => {
        await onChanged();
        toast.success(t('profile.emailSent', { email: data.email }));
      },
      onError: (error) => showApiError(error, tc, { fields: ['email'] as const, setError }),
    }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <Field label={t('fields.email')} error={errors.email?.message} className="flex-1">
        <Input
          type="email"
          autoComplete="email"
          invalid={Boolean(errors.email)}
          {...register('email', { validate: toFormValidate(FORM_RULES.passwordRecovery.email, translate) })}
        />
      </Field>
      <Button type="submit" variant="outline" className="sm:mt-6.5" loading={change.isPending} disabled={!isDirty}>
        {t('profile.changeEmail')}
      </Button>
    </form>
  );
}
