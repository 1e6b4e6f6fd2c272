import { FormProvider, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, NumberInput, Switch, toast } from '@tourdesk/ui';
import type { AgentSettings, AgentSettingsBody } from '@tourdesk/contract/api/agent';
import { AGENT_SETTINGS_RULES } from '@tourdesk/contract/api/agent-rules';
import { rules } from '@tourdesk/contract/validation';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useUpdateAgent } from '../api/update-agent';
import { enteredPhone } from '../../../components/phone-number-input';
import { PhoneField } from '../../../lib/form/phone-field';

type AgentBody = Omit<AgentSettingsBody, 'organizer_id' | 'agent_id'>;

/** The form shows a switch for "every tour" and the ids as text; the body holds null (every tour) or the ids. */
type AgentValues = Omit<FormValues<AgentBody>, 'allowed_tour_ids'> & { all_tours: boolean; allowed_tour_ids: string };

const toValues = (a: AgentSettings): AgentValues => ({
  commission_percent: a.commission_percent,
  all_tours: a.allowed_tour_ids === null,
  allowed_tour_ids: (a.allowed_tour_ids ?? []).join(', '),
  contact_name: a.contact_name,
  contact_phone: a.contact_phone,
  contact_email: a.contact_email,
  is_enabled: a.is_enabled,
});

const agentBody = (v: AgentValues): AgentBody => ({
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
});

/** The ids' text: whole numbers only (the commission needs a value: a cleared input is null). */
const AGENT_FORM_RULES = {
  allowed_tour_ids: [rules.custom((v) => v === null || (Array.isArray(v) && v.every((id) => Number.isInteger(id))))],
};

/** /{orgId}/agent/{agentId}: the agent's commission, the tours it may sell, its contact. */
export function AgentSettingsForm({ orgId, agent }: { orgId: number; agent: AgentSettings }) {
  const { t } = useTranslation('organizer');
  const form = useContractForm<AgentBody, AgentValues>({
    defaults: toValues(agent),
    rules: AGENT_SETTINGS_RULES,
    formRules: AGENT_FORM_RULES,
    prepare: agentBody,
  });
  const { register, control, formState } = form;
  const update = useUpdateAgent({ onSuccess: () => toast.success(t('agent.saved')) });
  const allTours = useWatch({ control, name: 'all_tours' });

  const onSubmit = form.onSubmit((body) =>
    update.mutate(
      { organizer_id: orgId, agent_id: agent.id, ...body },
      { onSuccess: (saved) => form.reset(toValues(saved)), onError: form.showServerError },
    ),
  );

  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t('agent.formLabel', { name: agent.name })}
        className="grid gap-4 lg:grid-cols-2"
      >
        <Card className="flex flex-col gap-4 p-5">
          <h2 className="text-base font-semibold text-neutral-900">{t('agent.terms')}</h2>
          <Controller
            control={control}
            name="commission_percent"
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
              <Input inputMode="numeric" {...register('allowed_tour_ids')} />
            </Field>
          )}
        </Card>
        <Card className="flex flex-col gap-4 p-5">
          <h2 className="text-base font-semibold text-neutral-900">{t('agent.contact')}</h2>
          <Field label={t('agent.contactName')} error={formState.errors.contact_name?.message}>
            <Input autoComplete="off" {...register('contact_name')} />
          </Field>
          <PhoneField name="contact_phone" label={t('fields.phone')} />
          <Field label={t('fields.email')} error={formState.errors.contact_email?.message}>
            <Input type="email" inputMode="email" {...register('contact_email')} />
          </Field>
        </Card>
        <div className="flex justify-end lg:col-span-2">
          <Button type="submit" loading={update.isPending}>
            {t('common:form.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
