import { useTranslation } from 'react-i18next';
import { Button, Field, Input, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { FORM_RULES } from '@tourdesk/contract/validation';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useUpdateProfile, type UpdateProfileInput } from '../api/user-settings';

type NameBody = Pick<UpdateProfileInput, 'first_name' | 'last_name'>;

const nameValues = (user: Pick<User, 'first_name' | 'last_name'>): FormValues<NameBody> => ({
  first_name: user.first_name ?? '',
  last_name: user.last_name ?? '',
});
/** a blank name is no name */
const nameBody = (values: FormValues<NameBody>): NameBody => ({
  first_name: values.first_name?.trim() || null,
  last_name: values.last_name?.trim() || null,
});

/** First and last name (update-profile). */
export function ProfileDetailsForm({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile(onUser);
  const form = useContractForm<NameBody>({
    defaults: nameValues(user),
    rules: FORM_RULES.profile,
    prepare: nameBody,
  });
  const {
    register,
    reset,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.onSubmit((body) =>
    update.mutate(
      { ...body, timezone: user.timezone },
      {
        onSuccess: (next) => {
          reset(nameValues(next));
          toast.success(t('profile.saved'));
        },
        onError: form.showServerError,
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={errors.first_name?.message}>
          <Input autoComplete="given-name" invalid={Boolean(errors.first_name)} {...register('first_name')} />
        </Field>
        <Field label={t('fields.lastName')} error={errors.last_name?.message}>
          <Input autoComplete="family-name" invalid={Boolean(errors.last_name)} {...register('last_name')} />
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
