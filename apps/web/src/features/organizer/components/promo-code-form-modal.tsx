import { useEffect } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, Select, toast } from '@tourdesk/ui';
import type { PromoCode, PromoCodeInput } from '@tourdesk/contract/api/prices';
import { PROMO_CODE_PATTERN } from '@tourdesk/contract/api/prices-routes';
import { rules } from '@tourdesk/contract/validation';
import { CheckboxField, ChoiceField, DateField, NumberField, TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useSavePromoCode } from '../api/promo-codes';

type Values = FormValues<PromoCodeInput>;

const EMPTY: Values = {
  code: '',
  value_type: 'percent',
  value: null,
  valid_from: null,
  valid_to: null,
  tour_ids: [],
  uses_total: null,
  uses_per_email: null,
  is_combinable: false,
};

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));
/** The contract's own checks of a code's terms; dates in order and the code's uniqueness are the server's. */
const FORM_RULES = {
  code: [rules.required(), rules.custom((v) => typeof v !== 'string' || PROMO_CODE_PATTERN.test(v.trim()))],
  value: [rules.required(), finite, rules.minValue(0.01)],
  uses_total: [whole, rules.minValue(1)],
  uses_per_email: [whole, rules.minValue(1)],
};

const valuesOf = (code: PromoCode | null): Values =>
  code
    ? {
        code: code.code,
        value_type: code.value_type,
        value: code.value,
        valid_from: code.valid_from,
        valid_to: code.valid_to,
        tour_ids: code.tour_ids,
        uses_total: code.uses_total,
        uses_per_email: code.uses_per_email,
        is_combinable: code.is_combinable,
      }
    : EMPTY;

/** Create or edit a promo code: the code, percent or amount, validity, tours, limits, combinable. */
export function PromoCodeFormModal({
  organizerId,
  tours,
  editing,
  onClose,
}: {
  organizerId: number;
  /** the organizer's tours the code may be limited to */
  tours: readonly { id: number; name: string }[];
  /** the code being edited, 'new' for a new one, null: closed */
  editing: PromoCode | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizer', { keyPrefix: 'promoCodes' });
  const code = editing === 'new' ? null : editing;
  const form = useContractForm<PromoCodeInput, Values>({ defaults: valuesOf(code), formRules: FORM_RULES });
  const save = useSavePromoCode(organizerId);
  const { reset, control } = form;
  useEffect(() => {
    if (editing !== null) reset(valuesOf(editing === 'new' ? null : editing));
  }, [editing, reset]);
  const onSubmit = form.onSubmit((terms) =>
    save.mutate(
      { ...terms, code: terms.code.trim(), id: code?.id ?? null },
      {
        onSuccess: () => {
          toast.success(code ? t('saved') : t('created'));
          onClose();
        },
        onError: form.showServerError,
      },
    ),
  );
  const tourOptions = tours.map((tour) => ({ value: tour.id, text: tour.name }));
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      width="largeForm"
      title={code ? t('editTitle', { code: code.code }) : t('createTitle')}
      description={t('formText')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="promo-code-form" loading={save.isPending}>
            {code ? t('save') : t('create')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="promo-code-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField name="code" label={t('fields.code')} hint={t('hints.code')} required autoComplete="off" />
          <ChoiceField
            name="value_type"
            label={t('fields.value_type')}
            options={[
              { value: 'percent', text: t('valueTypes.percent') },
              { value: 'currency', text: t('valueTypes.currency') },
            ]}
          />
          <NumberField name="value" label={t('fields.value')} decimal required />
          <CheckboxField name="is_combinable" label={t('fields.is_combinable')} className="self-end" />
          <DateField name="valid_from" label={t('fields.valid_from')} clearLabel={t('clearDate')} />
          <DateField name="valid_to" label={t('fields.valid_to')} clearLabel={t('clearDate')} />
          <NumberField name="uses_total" label={t('fields.uses_total')} hint={t('hints.noLimit')} />
          <NumberField name="uses_per_email" label={t('fields.uses_per_email')} hint={t('hints.noLimit')} />
          <Controller
            control={control}
            name="tour_ids"
            render={({ field, fieldState }) => (
              <Field
                label={t('fields.tour_ids')}
                hint={t('hints.tour_ids')}
                error={fieldState.error?.message}
                className="sm:col-span-2"
              >
                <Select
                  multiple
                  searchable
                  options={tourOptions}
                  value={field.value}
                  placeholder={t('allTours')}
                  onChange={(ids) => field.onChange(ids.map(Number))}
                />
              </Field>
            )}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
