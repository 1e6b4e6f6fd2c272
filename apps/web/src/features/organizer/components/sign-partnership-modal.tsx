import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Modal } from '@tourdesk/ui';
import { ExternalLink, UserRoundPen } from 'lucide-react';
import type { ConnectedSiteInfo } from '@tourdesk/contract/api/organizer';
import { currentBrand } from '../../../brands/current-brand';
import { translateMessage } from '../../../lib/form-errors';
import { useSignPartnership } from '../api/sign-partnership';
import {
  signPartnershipFailure,
  validateSignPartnership,
  type SignPartnershipFailure,
  type SignPartnershipValues,
} from './sign-partnership-rules';

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

/** The form inside the modal; mounted per opening, so every opening starts unticked. */
function SignPartnershipForm({
  orgId,
  site,
  onClose,
  onSigned,
}: {
  orgId: number;
  site: PartnerSiteRef;
  onClose: () => void;
  onSigned?: (site: ConnectedSiteInfo) => void;
}) {
  const { t } = useTranslation('organizer');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState<SignPartnershipValues>({
    is_agreement_accepted: false,
    is_privacy_accepted: false,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof SignPartnershipValues, string>>>({});
  const [failure, setFailure] = useState<SignPartnershipFailure | null>(null);
  const sign = useSignPartnership({
    onSuccess: (connected) => {
      onSigned?.(connected);
      onClose();
    },
  });

  const set = (field: keyof SignPartnershipValues) => (checked: boolean | 'indeterminate') => {
    setValues((v) => ({ ...v, [field]: checked === true }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateSignPartnership(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, code]) => [k, tc(`errors:${code}`)])));
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    sign.mutate(
      { tour_organizer_id: orgId, site_id: site.id, ...values },
      { onError: (error) => setFailure(signPartnershipFailure(error)) },
    );
  };

  const link = (href: string, text: string) => (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800"
    >
      {text}
    </a>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {site.organizer_agreement_url && (
        <p className="flex items-center gap-2 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-neutral-200">
          <ExternalLink size={16} className="shrink-0 text-neutral-500" aria-hidden="true" />
          {link(site.organizer_agreement_url, t('sign.organizerAgreement', { site: site.name }))}
        </p>
      )}
      {(['is_agreement_accepted', 'is_privacy_accepted'] as const).map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <Checkbox
            checked={values[field]}
            onCheckedChange={set(field)}
            invalid={Boolean(errors[field])}
            aria-describedby={errors[field] ? `sign-${field}-error` : undefined}
            label={
              field === 'is_agreement_accepted' ? (
                <>
                  {t('sign.acceptAgreement')} {link(currentBrand.terms_url, t('sign.agreementLink'))}
                </>
              ) : (
                <>
                  {t('sign.acceptPrivacy')} {link(currentBrand.privacy_url, t('sign.privacyLink'))}
                </>
              )
            }
          />
          {errors[field] && (
            <p id={`sign-${field}-error`} role="alert" className="ms-7 text-xs text-danger-600">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      {failure && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg bg-danger-50 px-3 py-2.5 text-sm text-danger-800 ring-1 ring-danger-200"
        >
          <p>{failure.message === null ? t('sign.error') : translateMessage(failure.message, t)}</p>
          {failure.kind === 'tour_author' && (
            <Link
              to={`/${orgId}/settings/main#tour-author`}
              onClick={onClose}
              className="inline-flex items-center gap-1.5 self-start font-medium text-danger-900 underline underline-offset-2"
            >
              <UserRoundPen size={15} aria-hidden="true" />
              {t('sign.fillTourAuthor')}
            </Link>
          )}
        </div>
      )}
      <div className="-mx-6 mt-2 flex justify-end gap-2 border-t border-neutral-200 px-6 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t('sign.later')}
        </Button>
        <Button type="submit" loading={sign.isPending}>
          {t('sign.submit')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC §2/§5/§8 sign-partnership modal: both acceptances required; server message or 'Error'; tour expert prompt. */
export function SignPartnershipModal({
  orgId,
  site,
  open,
  onOpenChange,
  onSigned,
  persistent = false,
}: SignPartnershipModalProps) {
  const { t } = useTranslation('organizer');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      persistent={persistent}
      width="dialog"
      title={t('sign.title', { site: site?.name ?? '' })}
      description={t('sign.text', { domain: site?.domain ?? '' })}
    >
      {open && site && (
        <SignPartnershipForm
          key={site.id}
          orgId={orgId}
          site={site}
          onClose={() => onOpenChange(false)}
          onSigned={onSigned}
        />
      )}
    </Modal>
  );
}
