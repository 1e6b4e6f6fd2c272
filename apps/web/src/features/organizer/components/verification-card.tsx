import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, Field, Input, Modal, Select, cn, toast } from '@tourdesk/ui';
import { AlertTriangle, CheckCircle2, Clock3, ShieldCheck, XCircle } from 'lucide-react';
import type { DashboardResponse, VerificationDataBody, VerificationNextStep } from '@tourdesk/contract/api/organizer';
import { VERIFICATION_DOCUMENT_TYPES } from '@tourdesk/contract/api/organizer-routes';
import type { InternalCheckStatus, VerificationStatus } from '@tourdesk/contract/enums';
import { VERIFICATION_DATA_RULES } from '@tourdesk/contract/api/organizer-rules';
import { useSubmitVerificationData } from '../api/submit-verification-data';
import { useContractForm } from '../../../lib/form/use-contract-form';

type Status = InternalCheckStatus | VerificationStatus;

const STATUS_STYLE: Record<Status, { icon: typeof CheckCircle2; className: string }> = {
  success: { icon: CheckCircle2, className: 'bg-success-50 text-success-700 ring-success-200' },
  failed: { icon: XCircle, className: 'bg-danger-50 text-danger-700 ring-danger-200' },
  in_progress: { icon: Clock3, className: 'bg-warning-50 text-warning-800 ring-warning-200' },
  not_performed: { icon: Clock3, className: 'bg-neutral-100 text-neutral-700 ring-neutral-200' },
};

function StatusStep({ label, status, index }: { label: string; status: Status; index: number }) {
  const { t } = useTranslation('organizer');
  const { icon: Icon, className } = STATUS_STYLE[status];
  return (
    <li className="flex items-center gap-3">
      <span
        className={cn('flex size-9 shrink-0 items-center justify-center rounded-full ring-1', className)}
        aria-hidden="true"
      >
        <Icon size={18} />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-neutral-500">{t('dashboard.step', { n: index })}</p>
        <p className="text-sm font-medium text-neutral-900">{label}</p>
      </div>
      <span
        className={cn(
          'ms-auto shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
          className,
        )}
      >
        {t(`statuses.${status}`)}
      </span>
    </li>
  );
}

/** what the dialog asks of verification-data's body */
type VerificationBody = Pick<VerificationDataBody, 'full_name' | 'document_type' | 'document_number'>;

function VerificationDataModal({
  orgId,
  open,
  onOpenChange,
}: {
  orgId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('organizer');
  const {
    register,
    onSubmit: submitWith,
    control,
    formState,
    showServerError,
  } = useContractForm<VerificationBody>({
    defaults: { full_name: '', document_type: 'passport', document_number: '' },
    rules: VERIFICATION_DATA_RULES,
  });
  const submit = useSubmitVerificationData({
    onSuccess: () => {
      toast.success(t('verification.sent'));
      onOpenChange(false);
    },
  });
  const onSubmit = submitWith((v) => submit.mutate({ orgId, ...v }, { onError: showServerError }));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="form"
      title={t('verification.formTitle')}
      description={t('verification.formText')}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('bankAccount.cancel')}
          </Button>
          <Button type="submit" form="verification-form" loading={submit.isPending}>
            {t('verification.send')}
          </Button>
        </>
      }
    >
      <form id="verification-form" className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <Field label={t('verification.fullName')} error={formState.errors.full_name?.message} required>
          <Input autoComplete="name" {...register('full_name')} />
        </Field>
        <Controller
          control={control}
          name="document_type"
          render={({ field }) => (
            <Field label={t('verification.documentType')}>
              <Select
                options={VERIFICATION_DOCUMENT_TYPES.map((d) => ({ value: d, text: t(`verification.documents.${d}`) }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'passport')}
              />
            </Field>
          )}
        />
        <Field label={t('verification.documentNumber')} error={formState.errors.document_number?.message} required>
          <Input autoComplete="off" {...register('document_number')} />
        </Field>
      </form>
    </Modal>
  );
}

const ACTION_STEPS: readonly VerificationNextStep[] = ['submit_verification_data', 'resubmit_verification_data'];

/** Internal check and verification as two steps; when verification failed or was never done, what to do next. */
export function VerificationCard({
  orgId,
  data,
  settingsHref,
}: {
  orgId: number;
  data: DashboardResponse;
  settingsHref: string;
}) {
  const { t } = useTranslation('organizer');
  const [formOpen, setFormOpen] = useState(false);
  const { internal_check_status: internal, verification_status: verification } = data.organizer_verification;
  const next = data.verification_next_step;
  const verified = internal === 'success' && verification === 'success';
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="verification-title">
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 items-center justify-center rounded-xl ring-1',
            verified
              ? 'bg-success-50 text-success-700 ring-success-200'
              : 'bg-primary-50 text-primary-600 ring-primary-100',
          )}
        >
          <ShieldCheck size={20} aria-hidden="true" />
        </span>
        <div>
          <h2 id="verification-title" className="text-base font-semibold text-neutral-900">
            {t('dashboard.verificationTitle')}
          </h2>
          <p className="text-sm text-neutral-600" data-testid="verification-summary">
            {verified ? t('dashboard.verified') : t('dashboard.notVerified')}
          </p>
        </div>
      </div>
      <ol className="flex flex-col gap-3" aria-label={t('dashboard.verificationSteps')}>
        <StatusStep index={1} label={t('dashboard.internalCheck')} status={internal} />
        <StatusStep index={2} label={t('dashboard.verification')} status={verification} />
      </ol>
      {next !== 'none' && (
        <div
          role={data.is_verification_failed ? 'alert' : 'status'}
          className={cn(
            'flex gap-3 rounded-xl p-3 text-sm',
            data.is_verification_failed
              ? 'bg-warning-50 text-warning-900 ring-1 ring-warning-200'
              : 'bg-neutral-50 text-neutral-700 ring-1 ring-neutral-200',
          )}
        >
          <AlertTriangle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
          <div className="flex flex-col gap-2">
            <p>{t(`nextSteps.${next}`)}</p>
            {data.verification_reason ? (
              <p data-testid="verification-reason">
                <span className="font-semibold">{t('verification.reason')}</span> {data.verification_reason}
              </p>
            ) : null}
            {ACTION_STEPS.includes(next) && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  className="h-auto min-h-8 py-1.5 text-left whitespace-normal"
                  onClick={() => setFormOpen(true)}
                >
                  {t('verification.start')}
                </Button>
                <Button size="sm" variant="outline" asChild>
                  <Link to={settingsHref}>{t('verification.checkProfile')}</Link>
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
      <VerificationDataModal orgId={orgId} open={formOpen} onOpenChange={setFormOpen} />
    </Card>
  );
}
