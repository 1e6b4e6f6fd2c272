import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Field, Input, LoadingState, Modal, Select, Textarea, toast } from '@tourdesk/ui';
import { BANK_ACCOUNT_FIELD_RULES } from '@tourdesk/contract/api/bank-account-rules';
import type { BankAccountInput } from '@tourdesk/contract/entities/bank-account';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useBankAccountPopupData } from '../api/get-bank-account-popup-data';
import { useSaveBankAccount } from '../api/save-bank-account';

type TextFieldName = 'name' | 'bank_name' | 'account_number' | 'bik' | 'correspondent_account' | 'iban' | 'swift';

const EMPTY: FormValues<BankAccountInput> = {
  name: '',
  bank_name: '',
  account_number: '',
  bik: '',
  correspondent_account: '',
  iban: '',
  swift: '',
  bank_address: '',
  currency: 'RUB',
  is_default: false,
};

/** Create or edit a bank account (popup-data gives the defaults and the currencies). */
export function BankAccountFormModal({
  organizerId,
  accountId,
  open,
  onOpenChange,
}: {
  organizerId: number;
  accountId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('organizer', { keyPrefix: 'bankAccount' });
  const popup = useBankAccountPopupData(organizerId, accountId, open);
  const form = useContractForm<BankAccountInput>({ defaults: EMPTY, rules: BANK_ACCOUNT_FIELD_RULES });
  const { register, reset, control, formState } = form;
  const save = useSaveBankAccount({
    onSuccess: () => {
      toast.success(accountId ? t('saved') : t('created'));
      onOpenChange(false);
    },
  });

  useEffect(() => {
    if (!open || !popup.data) return;
    const { id: _id, tour_organizer_id: _org, ...rest } = popup.data.bank_account;
    reset({ ...EMPTY, ...rest });
  }, [open, popup.data, reset]);

  const onSubmit = form.onSubmit((values) =>
    save.mutate({ ...values, tour_organizer_id: organizerId, id: accountId }, { onError: form.showServerError }),
  );

  const text = (
    name: TextFieldName,
    label: string,
    extra: { hint?: string; inputMode?: 'numeric'; required?: boolean; className?: string } = {},
  ) => (
    <Field
      label={label}
      error={formState.errors[name]?.message}
      hint={extra.hint}
      required={extra.required}
      className={extra.className}
    >
      <Input
        inputMode={extra.inputMode}
        autoComplete="off"
        invalid={Boolean(formState.errors[name])}
        {...register(name)}
      />
    </Field>
  );
  const currencies = (popup.data?.currencies ?? ['RUB']).map((c) => ({ value: c, text: c }));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="largeForm"
      title={accountId ? t('editTitle') : t('createTitle')}
      description={t('formText')}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="bank-account-form" loading={save.isPending} disabled={!popup.data}>
            {accountId ? t('save') : t('create')}
          </Button>
        </>
      }
    >
      {popup.isPending ? (
        <LoadingState />
      ) : (
        <form id="bank-account-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {text('name', t('fields.name'), { hint: t('hints.name') })}
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Field label={t('fields.currency')}>
                <Select options={currencies} value={field.value} onChange={(v) => field.onChange(v ?? 'RUB')} />
              </Field>
            )}
          />
          {text('bank_name', t('fields.bank_name'), { required: true, className: 'sm:col-span-2' })}
          <p className="text-xs font-semibold tracking-wide text-neutral-500 uppercase sm:col-span-2">
            {t('groups.russian')}
          </p>
          {text('bik', t('fields.bik'), { inputMode: 'numeric' })}
          {text('correspondent_account', t('fields.correspondent_account'), { inputMode: 'numeric' })}
          {text('account_number', t('fields.account_number'), {
            inputMode: 'numeric',
            className: 'sm:col-span-2',
            hint: t('hints.account_number'),
          })}
          <p className="text-xs font-semibold tracking-wide text-neutral-500 uppercase sm:col-span-2">
            {t('groups.international')}
          </p>
          {text('iban', t('fields.iban'))}
          {text('swift', t('fields.swift'))}
          <Field
            label={t('fields.bank_address')}
            className="sm:col-span-2"
            error={formState.errors.bank_address?.message}
          >
            <Textarea rows={2} {...register('bank_address')} />
          </Field>
          <Controller
            control={control}
            name="is_default"
            render={({ field }) => (
              <Checkbox
                className="sm:col-span-2"
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                label={t('fields.is_default')}
              />
            )}
          />
        </form>
      )}
    </Modal>
  );
}
