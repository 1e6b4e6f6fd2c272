import { useState } from 'react';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Field, Input, Modal, toast } from '@tourdesk/ui';
import { TOURIST_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import { BIRTHDAY_RANGE_RULES, MIN_BIRTHDAY } from '@tourdesk/contract/api/request-tourist-routes';
import type { Tourist } from '@tourdesk/contract/entities/request';
import { rules, type FieldRuleMap } from '@tourdesk/contract/validation';
import { enteredPhone } from '../../../../components/phone-number-input';
import { TextField } from '../../../../lib/form/fields';
import { errorAt } from '../../../../lib/form/paths';
import { PhoneField } from '../../../../lib/form/phone-field';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useCreateTourist, useUpdateTourist } from '../api/request-tourists';

/** SPEC §3 Tourist as the form holds it: a blank birthday is '' while typing. */
export interface TouristValues {
  first_name: string;
  last_name: string;
  middle_name: string;
  birthday: string;
  passport: string;
  email: string;
  phone: string;
  food_restriction: string;
  is_contact_person: boolean;
  is_child: boolean;
  needs_transfer: boolean;
}
type TouristBody = Omit<TouristValues, 'birthday'> & { birthday: string | null };

const toBody = (v: TouristValues): TouristBody => ({
  ...v,
  birthday: v.birthday === '' ? null : v.birthday,
  phone: enteredPhone(v.phone),
});

/** The provider names a tourist at least by the first name; the rest may come later (the questionnaire). */
const FORM_RULES: FieldRuleMap = { ...BIRTHDAY_RANGE_RULES, first_name: [rules.required()] };

const defaultsOf = (tourist: Tourist | null): TouristValues => ({
  first_name: tourist?.first_name ?? '',
  last_name: tourist?.last_name ?? '',
  middle_name: tourist?.middle_name ?? '',
  birthday: tourist?.birthday ?? '',
  passport: tourist?.passport ?? '',
  email: tourist?.email ?? '',
  phone: tourist?.phone ?? '',
  food_restriction: tourist?.food_restriction ?? '',
  is_contact_person: tourist?.is_contact_person ?? false,
  is_child: tourist?.is_child ?? false,
  needs_transfer: tourist?.needs_transfer ?? false,
});

/** UTC's today: a birthday after it is in the future everywhere (as the contract's rule reads it). */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The birthday in the browser's date picker (typed, or picked from its calendar), 1900 to today. */
function BirthdayField({ label }: { label: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TouristValues>();
  const error = errorAt(errors, 'birthday');
  return (
    <Field label={label} error={error}>
      <Input type="date" min={MIN_BIRTHDAY} max={todayUtc()} invalid={Boolean(error)} {...register('birthday')} />
    </Field>
  );
}

function FlagField({ name, label }: { name: 'is_contact_person' | 'is_child' | 'needs_transfer'; label: string }) {
  const { control } = useFormContext<TouristValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} label={label} />
      )}
    />
  );
}

const FORM_ID = 'tourist-form';

function TouristForm({
  requestId,
  tourist,
  onDone,
  onPending,
}: {
  requestId: number;
  tourist: Tourist | null;
  onDone: () => void;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation('bookings');
  const create = useCreateTourist(requestId);
  const update = useUpdateTourist(requestId);
  const form = useContractForm<TouristValues, TouristBody>({
    defaults: defaultsOf(tourist),
    rules: TOURIST_FIELD_RULES,
    formRules: FORM_RULES,
    prepare: toBody,
  });
  const onSubmit = form.onSubmit((body) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(tourist ? t('tourists.saved') : t('tourists.added'));
        onDone();
      },
      onError: form.showServerError,
      onSettled: () => onPending(false),
    };
    onPending(true);
    if (tourist) update.mutate({ ...body, id: tourist.id }, callbacks);
    else create.mutate(body, callbacks);
  });
  return (
    <FormProvider {...form}>
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField name="last_name" label={t('tourists.fields.lastName')} autoComplete="off" />
        <TextField name="first_name" label={t('tourists.fields.firstName')} required autoComplete="off" />
        <TextField name="middle_name" label={t('tourists.fields.middleName')} autoComplete="off" />
        <BirthdayField label={t('tourists.fields.birthday')} />
        <TextField name="passport" label={t('tourists.fields.passport')} hint={t('tourists.fields.passportHint')} />
        <TextField name="email" label={t('tourists.fields.email')} type="email" inputMode="email" />
        <PhoneField name="phone" label={t('tourists.fields.phone')} />
        <TextField
          name="food_restriction"
          label={t('tourists.fields.food')}
          hint={t('tourists.fields.foodHint')}
          className="sm:col-span-2"
        />
        <fieldset className="flex flex-col gap-2.5 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-neutral-800">{t('tourists.fields.flags')}</legend>
          <FlagField name="is_contact_person" label={t('tourists.fields.contactPerson')} />
          <FlagField name="is_child" label={t('tourists.fields.child')} />
          <FlagField name="needs_transfer" label={t('tourists.fields.transfer')} />
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** Adds a tourist to the request or changes one (SPEC §3 Tourist): errors land on their fields by code. */
export function TouristFormModal({
  requestId,
  target,
  onClose,
}: {
  requestId: number;
  /** null: closed; 'new': a new tourist; else the tourist edited */
  target: Tourist | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const [pending, setPending] = useState(false);
  const tourist = target === 'new' ? null : target;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      width="form"
      title={
        tourist ? t('tourists.editTitle', { name: tourist.full_name || t('tourists.noName') }) : t('tourists.addTitle')
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('tourists.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending}>
            {tourist ? t('tourists.save') : t('tourists.add')}
          </Button>
        </>
      }
    >
      {target !== null && (
        <TouristForm
          key={tourist?.id ?? 'new'}
          requestId={requestId}
          tourist={tourist}
          onDone={onClose}
          onPending={setPending}
        />
      )}
    </Modal>
  );
}
