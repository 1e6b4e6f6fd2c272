import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@tourdesk/ui';
import { TOURIST_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import { BIRTHDAY_RANGE_RULES } from '@tourdesk/contract/api/request-tourist-routes';
import type { CreateTouristBody } from '@tourdesk/contract/api/request-tourist';
import type { Tourist } from '@tourdesk/contract/entities/request';
import { rules, type FieldRuleMap } from '@tourdesk/contract/validation';
import { TouristFields, touristBody } from '../../../../components/tourist-fields';
import type { FormValues } from '../../../../lib/form/form-values';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useCreateTourist, useUpdateTourist } from '../api/request-tourists';

/** SPEC §3 Tourist as the provider sends it (create-tourist without the request, update-tourist without the id). */
type TouristBody = Omit<CreateTouristBody, 'request_id'>;

/** The provider names a tourist at least by the first name; the rest may come later (the questionnaire). */
const FORM_RULES: FieldRuleMap = { ...BIRTHDAY_RANGE_RULES, first_name: [rules.required()] };

const defaultsOf = (tourist: Tourist | null): FormValues<TouristBody> => ({
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
  const form = useContractForm<TouristBody>({
    defaults: defaultsOf(tourist),
    rules: TOURIST_FIELD_RULES,
    formRules: FORM_RULES,
    prepare: touristBody,
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
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
        <TouristFields required={['first_name']} withFlags />
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
