import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import { Button, Field, Input, Textarea } from '@tourdesk/ui';
import { LifeBuoy, MailCheck, MessagesSquare } from 'lucide-react';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { HELP_MESSAGE_MAX_LENGTH } from '@tourdesk/contract/api/help-routes';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PhoneField } from '../../../lib/form/phone-field';
import { enteredPhone } from '../../../components/phone-number-input';
import { ApiError, isApiError } from '../../../lib/api/api-error';
import { useSubmitHelpRequest, type HelpRequestData, type HelpRequestResult } from '../api/submit-help-request';

type HelpValues = Pick<HelpRequestData, 'name' | 'email' | 'message'> & { phone: string };

export interface HelpFormProps {
  /** the signed-in member's name and e-mail, filled in; its organizer's support chat gets the request */
  who?: { name: string; email: string; organizerId: number | null } | null;
  /** where the person came from (a page of a public site, a screen), sent with the request */
  page?: string | null;
}

/** The server names the fields under `data.`; the form's fields are the data's own. */
const withoutDataPrefix = (error: unknown): unknown =>
  isApiError(error)
    ? new ApiError(
        error.status,
        error.message,
        Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k.replace(/^data\./, ''), v])),
        error.body,
        error.coded,
      )
    : error;

/**
 * The help request (issue 28): name, e-mail, an optional phone and the question. A member's goes
 * into its organizer's support chat (the success says so and links to it); anyone else's is
 * e-mailed to support, who answer at the address given.
 */
export function HelpForm({ who, page }: HelpFormProps) {
  const { t } = useTranslation('pages');
  const [sent, setSent] = useState<(HelpRequestResult & { email: string }) | null>(null);
  const submit = useSubmitHelpRequest();
  const form = useContractForm<HelpRequestData, HelpValues>({
    defaults: { name: who?.name ?? '', email: who?.email ?? '', phone: '', message: '' },
    rules: FORM_RULES.helpRequest,
    prepare: (values) => ({
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
      ...(enteredPhone(values.phone) ? { phone: enteredPhone(values.phone) } : {}),
      ...(page ? { page: page.slice(0, 500) } : {}),
      ...(who?.organizerId ? { organizer_id: who.organizerId } : {}),
    }),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = form.onSubmit((body) =>
    submit.mutate(body, {
      onSuccess: (result) => setSent({ ...result, email: body.email }),
      onError: (error) => form.showServerError(withoutDataPrefix(error)),
    }),
  );

  if (sent) {
    const toChat = sent.channel === 'chat' && who?.organizerId;
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success-50 text-success-600 ring-1 ring-success-100">
          {toChat ? <MessagesSquare size={26} aria-hidden="true" /> : <MailCheck size={26} aria-hidden="true" />}
        </span>
        <p className="text-base font-semibold text-neutral-900">{t('help.sentTitle')}</p>
        <p className="text-sm text-neutral-600">
          {toChat ? t('help.sentToChat') : t('help.sentByEmail', { email: sent.email })}
        </p>
        {toChat && (
          <Link
            to={`/${who.organizerId}/chat/${sent.chat_id}`}
            className="text-sm font-medium text-primary-700 hover:underline"
          >
            {t('help.openChat')}
          </Link>
        )}
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('help.title')}>
        <Field label={t('help.name')} error={errors.name?.message} required>
          <Input autoComplete="name" invalid={Boolean(errors.name)} {...register('name')} />
        </Field>
        <Field label={t('help.email')} error={errors.email?.message} required>
          <Input type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
        </Field>
        <PhoneField name="phone" label={t('help.phone')} />
        <Field label={t('help.message')} error={errors.message?.message} required hint={t('help.messageHint')}>
          <Textarea
            rows={5}
            maxLength={HELP_MESSAGE_MAX_LENGTH}
            invalid={Boolean(errors.message)}
            {...register('message')}
          />
        </Field>
        <Button type="submit" size="lg" block loading={submit.isPending}>
          <LifeBuoy size={17} aria-hidden="true" />
          {t('help.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
