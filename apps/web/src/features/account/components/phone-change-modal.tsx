import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, PasswordInput } from '@tourdesk/ui';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PhoneNumberInput, enteredPhones } from '../../../components/phone-number-input';
import { useChangePhone, type ChangePhoneInput } from '../api/change-phone';

/** the picker's bare dial code is no phone */
const phoneChangeBody = enteredPhones<ChangePhoneInput>('phone');

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
  const change = useChangePhone();
  const form = useContractForm<ChangePhoneInput>({
    defaults: { phone: phone ?? '', password: '' },
    rules: FORM_RULES.phoneChange,
    prepare: phoneChangeBody,
  });
  const {
    register,
    setError,
    control,
    reset,
    formState: { errors },
  } = form;

  const close = () => {
    reset({ phone: phone ?? '', password: '' });
    onClose();
  };

  const onSubmit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: async (data) => {
        if (!data.success) {
          setError('root', { type: 'server', message: t('phoneChange.unknownError') });
          return;
        }
        await onChanged(body.phone);
        reset({ phone: body.phone, password: '' });
        onClose();
      },
      onError: form.showServerError,
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
      <form id="phone-change-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Controller
          control={control}
          name="phone"
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
          <PasswordInput autoComplete="current-password" invalid={Boolean(errors.password)} {...register('password')} />
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
