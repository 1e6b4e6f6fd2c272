import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, PasswordInput } from '@tourdesk/ui';
import { FORM_RULES, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { PhoneNumberInput } from '../../../components/phone-number-input';
import { useChangePhone } from '../api/change-phone';

interface PhoneChangeValues {
  phone: string;
  password: string;
}

export interface PhoneChangeModalProps {
  open: boolean;
  phone: string | null;
  onClose: () => void;
  /** after a change (the caller refreshes the user) */
  onChanged: (phone: string) => Promise<unknown> | void;
}

/** Phone change (or adding the first phone): phone required and valid, password required (SPEC §5, §8). */
export function PhoneChangeModal({ open, phone, onClose, onChanged }: PhoneChangeModalProps) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const change = useChangePhone();
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors },
  } = useForm<PhoneChangeValues>({ defaultValues: { phone: phone ?? '', password: '' } });

  const close = () => {
    reset({ phone: phone ?? '', password: '' });
    onClose();
  };

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: async (data) => {
        if (!data.success) {
          setError('root', { type: 'server', message: t('phoneChange.unknownError') });
          return;
        }
        await onChanged(values.phone);
        reset({ phone: values.phone, password: '' });
        onClose();
      },
      onError: (error) => showApiError(error, tc, { fields: ['phone', 'password'] as const, setError }),
    }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={phone ? t('phoneChange.title') : t('phoneChange.addTitle')}
      width="call"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form="phone-change-form" loading={change.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      }
    >
      <form id="phone-change-form" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <Controller
          control={control}
          name="phone"
          rules={{ validate: toFormValidate(FORM_RULES.phoneChange.phone, translate) }}
          render={({ field, fieldState }) => (
            <Field label={phone ? t('fields.newPhone') : t('fields.phone')} error={fieldState.error?.message} required>
              <PhoneNumberInput
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                invalid={Boolean(fieldState.error)}
              />
            </Field>
          )}
        />
        <Field label={t('fields.currentPassword')} error={errors.password?.message} required>
          <PasswordInput
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            {...register('password', { validate: toFormValidate(FORM_RULES.phoneChange.password, translate) })}
          />
        </Field>
        {errors.root?.message && (
          <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">
            {errors.root.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
