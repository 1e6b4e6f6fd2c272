import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, NumberInput, Switch, toast } from '@tourdesk/ui';
import type { AgentSettings } from '@tourdesk/contract/api/agent';
import { rules, toFormValidate } from '@tourdesk/contract/validation';
import { isApiError } from '../../../lib/api/api-error';
import { useUpdateAgent } from '../api/update-agent';
import { apiErrorText, translateMessage, useTranslateFailure } from '../../../lib/form-errors';
import { PhoneNumberInput, enteredPhone } from '../../../components/phone-number-input';

interface AgentValues {
  commission_percent: number | null;
  all_tours: boolean;
  allowed_tour_ids: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  is_enabled: boolean;
}

const toValues = (a: AgentSettings): AgentValues => ({
  commission_percent: a.commission_percent,
  all_tours: a.allowed_tour_ids === null,
  allowed_tour_ids: (a.allowed_tour_ids ?? []).join(', '),
  contact_name: a.contact_name,
  contact_phone: a.contact_phone,
  contact_email: a.contact_email,
  is_enabled: a.is_enabled,
});

const FIELDS = [
  'commission_percent',
  'allowed_tour_ids',
  'contact_name',
  'contact_phone',
  'contact_email',
  'is_enabled',
] as const;

/** /{orgId}/agent/{agentId}: the agent's commission, the tours it may sell, its contact. */
export function AgentSettingsForm({ orgId, agent }: { orgId: number; agent: AgentSettings }) {
  const { t } = useTranslation('organizer');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<AgentValues>({
    defaultValues: toValues(agent),
  });
  useEffect(() => reset(toValues(agent)), [agent, reset]);
  const update = useUpdateAgent({ onSuccess: () => toast.success(t('agent.saved')) });
  const allTours = useWatch({ control, name: 'all_tours' });

  const onSubmit = handleSubmit((v) =>
    update.mutate(
      {
        organizer_id: orgId,
        agent_id: agent.id,
        commission_percent: v.commission_percent ?? 0,
        allowed_tour_ids: v.all_tours
          ? null
          : v.allowed_tour_ids
              .split(/[\s,;]+/)
              .filter(Boolean)
              .map(Number),
        contact_name: v.contact_name,
        // a field left at the picker's bare dial code holds no phone
        contact_phone: enteredPhone(v.contact_phone),
        contact_email: v.contact_email,
        is_enabled: v.is_enabled,
      },
      {
        onError: (error) => {
          if (!isApiError(error) || error.status >= 500 || error.status === 0) {
            toast.error(apiErrorText(error, tc));
            return;
          }
          const known = Object.entries(error.fieldErrors).filter(([f]) =>
            (FIELDS as readonly string[]).includes(f.split('.')[0] ?? ''),
          );
          known.forEach(([f, m]) =>
            setError(f.split('.')[0] as keyof AgentValues, { type: 'server', message: translateMessage(m[0], tc) }),
          );
          if (known.length === 0) toast.error(apiErrorText(error, tc));
        },
      },
    ),
  );

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={t('agent.formLabel', { name: agent.name })}
      className="grid gap-4 lg:grid-cols-2"
    >
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-base font-semibold text-neutral-900">{t('agent.terms')}</h2>
        <Controller
          control={control}
          name="commission_percent"
          rules={{ validate: toFormValidate([rules.required(), rules.minValue(0), rules.maxValue(100)], translate) }}
          render={({ field }) => (
            <Field
              label={t('agent.commission')}
              hint={t('agent.commissionHint')}
              error={formState.errors.commission_percent?.message}
              required
            >
              <NumberInput value={field.value} onChange={field.onChange} min={0} max={100} step={0.5} />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="is_enabled"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label={t('agent.enabled')} />
          )}
        />
        <Controller
          control={control}
          name="all_tours"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label={t('agent.allTours')} />
          )}
        />
        {!allTours && (
          <Field
            label={t('agent.allowedTours')}
            hint={t('agent.allowedToursHint')}
            error={formState.errors.allowed_tour_ids?.message}
          >
            <Input
              inputMode="numeric"
              {...register('allowed_tour_ids', {
                validate: (v) => /^[\d\s,;]*$/.test(v) || tc('errors:incorrect_value'),
              })}
            />
          </Field>
        )}
      </Card>
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-base font-semibold text-neutral-900">{t('agent.contact')}</h2>
        <Field label={t('agent.contactName')} error={formState.errors.contact_name?.message}>
          <Input
            autoComplete="off"
            {...register('contact_name', { validate: toFormValidate([rules.maxLength(255)], translate) })}
          />
        </Field>
        {/* the one phone input: country picker, digits only, formatted as typed */}
        <Controller
          control={control}
          name="contact_phone"
          rules={{ validate: (value) => toFormValidate([rules.phone()], translate)(enteredPhone(value)) }}
          render={({ field, fieldState }) => (
            <Field label={t('fields.phone')} error={fieldState.error?.message}>
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
        <Field label={t('fields.email')} error={formState.errors.contact_email?.message}>
          <Input
            type="email"
            inputMode="email"
            {...register('contact_email', { validate: toFormValidate([rules.email()], translate) })}
          />
        </Field>
      </Card>
      <div className="flex justify-end lg:col-span-2">
        <Button type="submit" loading={update.isPending}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
