import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, LoadingState, toast } from '@tourdesk/ui';
import { fieldMessage, useApiErrorToast } from '../../../lib/form-errors';
import { QueryErrorState } from '../../../components/query-error-state';
import { paymentRoutes as paymentApi } from '@tourdesk/contract/api/invoice-routes';
import { useConnectPaymentAccount, usePaymentAccount, useRemovePaymentAccount } from '../api/payment-account';

/**
 * Settings → Payments (issue 27): the organizer's own YooKassa account. Connected, its invoices
 * (the site's checkout and the pay links) are paid into it; without one the platform collects.
 * The secret key is never shown again: "•••• last 4".
 */
export function SettingsPaymentAccount({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('organizer');
  const account = usePaymentAccount(organizerId);
  const connect = useConnectPaymentAccount(organizerId);
  const remove = useRemovePaymentAccount(organizerId);
  const toastError = useApiErrorToast();
  const [editing, setEditing] = useState(false);
  const [shopId, setShopId] = useState('');
  const [secret, setSecret] = useState('');

  if (account.isError) return <QueryErrorState error={account.error} onRetry={() => void account.refetch()} />;
  if (!account.data) return <LoadingState />;
  const current = account.data.account;
  const showForm = editing || current === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate(
      { shop_id: shopId, secret_key: secret },
      {
        onSuccess: () => {
          toast.success(t('paymentAccount.connected'));
          setEditing(false);
          setSecret('');
        },
        onError: (err) => {
          if (!fieldMessage(err, 'shop_id', t) && !fieldMessage(err, 'secret_key', t)) toastError(err);
        },
      },
    );
  };

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-sm text-neutral-600">{t('paymentAccount.lead')}</p>
      <Card title={t('paymentAccount.title')}>
        {current ? (
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="payment-account">
            <dt className="text-neutral-500">{t('paymentAccount.status')}</dt>
            <dd className="font-medium text-success-700">{t('paymentAccount.statusConnected')}</dd>
            <dt className="text-neutral-500">{t('paymentAccount.shopId')}</dt>
            <dd className="font-mono">{current.shop_id}</dd>
            <dt className="text-neutral-500">{t('paymentAccount.secretKey')}</dt>
            <dd className="font-mono">•••• {current.secret_last4}</dd>
            <dt className="text-neutral-500">{t('paymentAccount.notifications')}</dt>
            <dd className="font-mono break-all" data-testid="payment-account-webhook">
              {`${window.location.origin}${paymentApi.yookassaNotification.path}`}
            </dd>
          </dl>
        ) : (
          <p className="mb-4 text-sm text-neutral-700">{t('paymentAccount.none')}</p>
        )}
        {showForm ? (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <Field label={t('paymentAccount.shopId')} error={fieldMessage(connect.error, 'shop_id', t)} required>
              <Input
                value={shopId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                onChange={(e) => setShopId(e.target.value)}
              />
            </Field>
            <Field
              label={t('paymentAccount.secretKey')}
              hint={t('paymentAccount.secretHint')}
              error={fieldMessage(connect.error, 'secret_key', t)}
              required
            >
              <Input
                type="password"
                value={secret}
                autoComplete="off"
                maxLength={210}
                onChange={(e) => setSecret(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={connect.isPending}>
                {t(current ? 'paymentAccount.replace' : 'paymentAccount.connect')}
              </Button>
              {current ? (
                <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                  {t('paymentAccount.cancel')}
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <p className="w-full text-sm text-neutral-600">{t('paymentAccount.inFlight')}</p>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('paymentAccount.change')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(t('paymentAccount.removed')),
                  onError: toastError,
                })
              }
            >
              {t('paymentAccount.remove')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
