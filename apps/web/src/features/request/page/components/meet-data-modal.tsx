import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Field, LoadingState, Modal, Select, toast } from '@tourdesk/ui';
import { MapPin, Phone } from 'lucide-react';
import type { MeetDataPreview, MeetDataRecipient, SendMeetDataBody } from '@tourdesk/contract/api/request-meet-data';
import { MEET_DATA_SEND_RULES, MEET_DATA_TEXT_MAX_LENGTH } from '@tourdesk/contract/api/request-meet-data-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { QueryErrorState } from '../../../../components/query-error-state';
import { TextField, useFieldError } from '../../../../lib/form/fields';
import type { FormValues } from '../../../../lib/form/form-values';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useMeetDataPreview, useSendMeetData } from '../api/request-meet-data';

const FORM_ID = 'meet-data-form';

/** send-meet-data's body but what the page knows: the request and the template previewed */
type MeetDataBody = Omit<SendMeetDataBody, 'request_id' | 'template_id'>;

/** A recipient as the list shows them: the name (or the address) and what they are to the request. */
function RecipientLabel({ recipient }: { recipient: MeetDataRecipient }) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  return (
    <span className="flex min-w-0 flex-col">
      <span className="text-sm text-neutral-900">
        {recipient.name || recipient.email}
        <span className="ms-1.5 text-xs text-neutral-500">{t(`role.${recipient.role}`)}</span>
      </span>
      {recipient.name && <span className="break-all text-xs text-neutral-600">{recipient.email}</span>}
    </span>
  );
}

/** The recipients as checkboxes (all ticked to begin with); an error of the server lands under them. */
function RecipientsField({ recipients }: { recipients: MeetDataRecipient[] }) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const { control, error } = useFieldError('emails');
  const errorId = useId();
  return (
    <Controller
      control={control}
      name="emails"
      render={({ field }) => {
        const chosen = new Set(field.value as string[]);
        const toggle = (email: string, on: boolean) =>
          field.onChange(recipients.map((r) => r.email).filter((e) => (e === email ? on : chosen.has(e))));
        return (
          <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-neutral-800">{t('recipients')}</legend>
            {recipients.map((r, i) => (
              <Checkbox
                key={r.email}
                ref={i === 0 ? field.ref : undefined}
                checked={chosen.has(r.email)}
                onCheckedChange={(v) => toggle(r.email, v === true)}
                invalid={Boolean(error)}
                label={<RecipientLabel recipient={r} />}
              />
            ))}
            {error && (
              <p id={errorId} role="alert" className="text-xs text-danger-600">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

/** The template's place and phone: sent as the template has them (changed in the template). */
function TemplateDetails({ template }: { template: NonNullable<MeetDataPreview['template']> }) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const rows: [string, string, typeof MapPin][] = [
    [t('place'), template.place, MapPin],
    [t('phone'), template.contact_phone, Phone],
  ];
  return (
    <div className="rounded-lg bg-neutral-50 px-3 py-2.5">
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(([term, value, Icon]) => (
          <div key={term} className="flex items-start gap-2">
            <Icon size={16} className="mt-0.5 shrink-0 text-neutral-500" aria-hidden="true" />
            <dt className="sr-only">{term}</dt>
            <dd className={value ? 'text-neutral-900' : 'text-neutral-500'}>
              <span aria-hidden="true" className="me-1 text-neutral-600">
                {term}:
              </span>
              {value || t('notGiven')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-neutral-500">{t('fromTemplate')}</p>
    </div>
  );
}

function TextLength() {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const text = useWatch<FormValues<MeetDataBody>, 'text'>({ name: 'text' }) ?? '';
  return (
    <>
      {t('textHint')}{' '}
      <span className={text.length > MEET_DATA_TEXT_MAX_LENGTH ? 'font-medium text-danger-600' : undefined}>
        {t('textLength', { count: text.length, max: MEET_DATA_TEXT_MAX_LENGTH })}
      </span>
    </>
  );
}

/** The text (filled from the request, editable) and the recipients of one template; sends on submit. */
function MeetDataForm({
  requestId,
  preview,
  send,
  onSent,
}: {
  requestId: number;
  preview: MeetDataPreview & { template: NonNullable<MeetDataPreview['template']> };
  send: ReturnType<typeof useSendMeetData>;
  onSent: () => void;
}) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const form = useContractForm<MeetDataBody>({
    defaults: { text: preview.template.text, emails: preview.recipients.map((r) => r.email) },
    rules: MEET_DATA_SEND_RULES,
  });
  const onSubmit = form.onSubmit((values) =>
    send.mutate(
      { request_id: requestId, template_id: preview.template.id, ...values },
      {
        onSuccess: (result) => {
          toast.success(t('sent', { count: result.emails.length }));
          if (result.not_delivered.length) toast.error(t('notDelivered', { list: result.not_delivered.join(', ') }));
          onSent();
        },
        onError: form.showServerError,
      },
    ),
  );
  return (
    <FormProvider {...form}>
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField name="text" label={t('text')} hint={<TextLength />} multiline rows={8} required />
        <TemplateDetails template={preview.template} />
        {preview.recipients.length ? (
          <RecipientsField recipients={preview.recipients} />
        ) : (
          <p role="status" className="rounded-lg bg-warning-50 px-3 py-2 text-sm text-warning-900">
            {t('noRecipients')}
          </p>
        )}
      </form>
    </FormProvider>
  );
}

/**
 * Sending the meet data: a meet-data template (the default one first), its text filled from the
 * request and editable, its place and phone, and the request's people with an e-mail to tick.
 */
export function MeetDataModal({
  orgId,
  request,
  open,
  onClose,
}: {
  orgId: number;
  request: BookingRequest;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const preview = useMeetDataPreview(request.request_id, templateId, open);
  const send = useSendMeetData(request.request_id);
  const data = preview.data;
  const template = data?.template ?? null;
  const close = () => {
    setTemplateId(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      width="form"
      title={t('modalTitle', { id: request.request_id })}
      description={t('modalText')}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={send.isPending}
            disabled={!template || !data?.recipients.length || preview.isPlaceholderData}
          >
            {t('submit')}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <QueryErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !template ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-neutral-300 p-4">
          <p className="text-sm text-neutral-800">{t('noTemplates')}</p>
          <Link
            to={`/${orgId}/contract-template`}
            className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
          >
            {t('createTemplate')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={preview.isFetching || undefined}>
          <Field label={t('template')}>
            <Select
              options={data!.templates.map((tpl) => ({
                value: tpl.id,
                text: tpl.is_default ? t('defaultTemplate', { name: tpl.name }) : tpl.name,
              }))}
              value={template.id}
              onChange={(v) => v !== null && setTemplateId(Number(v))}
            />
          </Field>
          {preview.isPlaceholderData ? (
            <LoadingState />
          ) : (
            <MeetDataForm
              key={template.id}
              requestId={request.request_id}
              preview={{ ...data!, template }}
              send={send}
              onSent={close}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
