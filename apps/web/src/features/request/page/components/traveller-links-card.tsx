import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Input, Modal, toast } from '@tourdesk/ui';
import { Copy, RefreshCw } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useReissueLink, useTravellerLinks, type ReissuedLink } from '../api/request-links';

/** The SPA's base path: both links open pages of this app, without an account. */
const SPA_BASE = '/org';
const absolute = (path: string): string => new URL(`${SPA_BASE}${path}`, window.location.origin).toString();

function LinkRow({
  link,
  url,
  onReissue,
}: {
  link: ReissuedLink;
  url: string | null;
  onReissue: (link: ReissuedLink) => void;
}) {
  const { t } = useTranslation('bookings');
  const inputId = useId();
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('links.copied'));
    } catch {
      toast.error(t('links.copyFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-900">
        {t(`links.${link}`)}
      </label>
      {url === null ? (
        <p id={inputId} className="text-sm text-neutral-500">
          {t('links.noChat')}
        </p>
      ) : (
        // the card sits in the page's narrow column: the address on a line of its own, the actions below
        <div className="flex flex-col gap-2">
          <Input
            id={inputId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full min-w-0 font-mono text-xs"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="md"
              variant="secondary"
              aria-label={t('links.copyLabel', { link: t(`links.${link}`) })}
              onClick={() => void copy(url)}
            >
              <Copy size={15} aria-hidden="true" />
              {t('links.copy')}
            </Button>
            <Button
              size="md"
              variant="ghost"
              aria-label={t('links.reissueLabel', { link: t(`links.${link}`) })}
              onClick={() => onReissue(link)}
            >
              <RefreshCw size={15} aria-hidden="true" />
              {t('links.reissue')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The links the request's travellers hold: the questionnaire and their chat with the provider.
 * Either is reissued after a confirmation when it went to the wrong person: the old one stops
 * working at once (its open chat pages are disconnected) and the new one shows here.
 */
export function TravellerLinksCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const links = useTravellerLinks(request.request_id);
  const reissue = useReissueLink(request.request_id);
  const toastApiError = useApiErrorToast();
  const [confirming, setConfirming] = useState<ReissuedLink | null>(null);
  return (
    <Card title={t('links.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-neutral-600">{t('links.text')}</p>
        {links.isPending ? (
          <p className="text-sm text-neutral-500">{t('links.loading')}</p>
        ) : links.isError ? (
          <p role="alert" className="text-sm text-danger-700">
            {t('links.loadFailed')}
          </p>
        ) : (
          <>
            <LinkRow link="questionnaire" url={absolute(links.data.questionnaire_path)} onReissue={setConfirming} />
            <LinkRow
              link="chat"
              url={links.data.chat_path === null ? null : absolute(links.data.chat_path)}
              onReissue={setConfirming}
            />
          </>
        )}
      </div>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        width="form"
        title={confirming ? t(`links.confirmTitle.${confirming}`) : undefined}
        description={confirming ? t(`links.confirmText.${confirming}`) : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t('links.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={reissue.isPending}
              onClick={() =>
                confirming &&
                reissue.mutate(confirming, {
                  onSuccess: () => {
                    toast.success(t('links.reissued'));
                    setConfirming(null);
                  },
                  onError: toastApiError,
                })
              }
            >
              {t('links.confirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
