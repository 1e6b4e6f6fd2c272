import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Modal } from '@tourdesk/ui';
import { ExternalLink, UserRoundPen } from 'lucide-react';
import type { ConnectedSiteInfo } from '@tourdesk/contract/api/organizer';
import { currentBrand } from '../../../brands/current-brand';
import { useSignPartnership } from '../api/sign-partnership';
import { signPartnershipFailure, validateSignPartnership, type SignPartnershipFailure, type SignPartnershipValues } from './sign-partnership-rules';

export interface PartnerSiteRef {
  id: number;
  name: string;
  domain: string;
  organizer_agreement_url: string | null;
}

export interface SignPartnershipModalProps {
  orgId: number;
  site: PartnerSiteRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSigned?: (site: ConnectedSiteInfo) => void;
  persistent?: boolean;
}

/** SPEC §2/§5/§8 sign-partnership modal: both acceptances required; server message or 'Error'; tour expert prompt. */
export function SignPartnershipModal({ orgId, site, open, onOpenChange, onSigned, persistent = false }: SignPartnershipModalProps) {
  const { t } = useTranslation('organizer');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState<SignPartnershipValues>({ is_agreement_accepted: false, is_privacy_accepted: false });
  const [errors, setErrors] = useState<Partial<Record<keyof SignPartnershipValues, string>>>({});
  const [failure, setFailure] = useState<SignPartnershipFailure | null>(null);
  const sign = useSignPartnership({
    onSuccess: (connected) => {
      onSigned?.(connected);
      onOpenChange(false);
    },
  });

  useEffect(() => {
    if (!open) return;
    setValues({ is_agreement_accepted: false, is_privacy_accepted: false });
    setErrors({});
    setFailure(null);
  }, [open, site?.id]);

  const set = (field: keyof SignPartnershipValues) => (checked: boolean | 'indeterminate') => {
    setValues((v) => ({ ...v, [field]: checked === true }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    if (!site) return;
    const found = validateSignPartnership(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([k]) => [k, tc('validation.required')])));
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    sign.mutate({ tour_organizer_id: orgId, site_id: site.id, ...values }, { onError: (error) => setFailure(signPartnershipFailure(error)) });
  };

  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noreferrer" className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800">
      {text}
    </a>
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      persistent={persistent}
      width="dialog"
      title={t('sign.title', { site: site?.name ?? '' })}
      description={t('sign.text', { domain: site?.domain ?? '' })}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('sign.later')}
          </Button>
          <Button onClick={submit} loading={sign.isPending}>
            {t('sign.submit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {site?.organizer_agreement_url && (
          <p className="flex items-center gap-2 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-neutral-200">
            <ExternalLink size={16} className="shrink-0 text-neutral-500" aria-hidden="true" />
            {link(site.organizer_agreement_url, t('sign.organizerAgreement', { site: site.name }))}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <Checkbox
            checked={values.is_agreement_accepted}
            onCheckedChange={set('is_agreement_accepted')}
            invalid={Boolean(errors.is_agreement_accepted)}
            aria-describedby={errors.is_agreement_accepted ? 'sign-agreement-error' : undefined}
            label={
              <>
                {t('sign.acceptAgreement')} {link(currentBrand.terms_url, t('sign.agreementLink'))}
              </>
            }
          />
          {errors.is_agreement_accepted && (
            <p id="sign-agreement-error" role="alert" className="ms-7 text-xs text-danger-600">
              {errors.is_agreement_accepted}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Checkbox
            checked={values.is_privacy_accepted}
            onCheckedChange={set('is_privacy_accepted')}
            invalid={Boolean(errors.is_privacy_accepted)}
            aria-describedby={errors.is_privacy_accepted ? 'sign-privacy-error' : undefined}
            label={
              <>
                {t('sign.acceptPrivacy')} {link(currentBrand.privacy_url, t('sign.privacyLink'))}
              </>
            }
          />
          {errors.is_privacy_accepted && (
            <p id="sign-privacy-error" role="alert" className="ms-7 text-xs text-danger-600">
              {errors.is_privacy_accepted}
            </p>
          )}
        </div>
        {failure && (
          <div role="alert" className="flex flex-col gap-2 rounded-lg bg-danger-50 px-3 py-2.5 text-sm text-danger-800 ring-1 ring-danger-200">
            <p>{failure.kind === 'message' && failure.message === 'Error' ? t('sign.error') : failure.message}</p>
            {failure.kind === 'tour_author' && (
              <Link
                to={`/${orgId}/settings/main#tour-author`}
                onClick={() => onOpenChange(false)}
                className="inline-flex items-center gap-1.5 self-start font-medium text-danger-900 underline underline-offset-2"
              >
                <UserRoundPen size={15} aria-hidden="true" />
                {t('sign.fillTourAuthor')}
              </Link>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
