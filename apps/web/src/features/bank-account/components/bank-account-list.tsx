import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, Modal, cn, toast } from '@tourdesk/ui';
import { Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
import type { BankAccountListItem } from '@tourdesk/contract/api/bank-account';
import { useBankAccountList } from '../api/get-bank-account-list';
import { useDeleteBankAccount } from '../api/delete-bank-account';
import { BankAccountFormModal } from './bank-account-form-modal';
import { useApiErrorToast } from '../../../lib/form-errors';

const masked = (a: BankAccountListItem): string => {
  const number = a.account_number || a.iban;
  return number.length > 8 ? `${number.slice(0, 4)} •••• ${number.slice(-4)}` : number;
};

export interface BankAccountListProps {
  organizerId: number;
  /** the account chosen for own requests (organizer.own_request_bank_account_id) */
  ownRequestAccountId: number | null;
  onChooseOwnRequest: (id: number | null) => void;
  isChoosing?: boolean;
}

/** Settings → Bank accounts: the list, create/edit popup, delete with confirmation, the account for own requests. */
export function BankAccountList({
  organizerId,
  ownRequestAccountId,
  onChooseOwnRequest,
  isChoosing,
}: BankAccountListProps) {
  const { t } = useTranslation('organizer', { keyPrefix: 'bankAccount' });
  const toastApiError = useApiErrorToast();
  const list = useBankAccountList(organizerId);
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<BankAccountListItem | null>(null);
  const remove = useDeleteBankAccount({
    onSuccess: () => {
      toast.success(t('deleted'));
      setDeleting(null);
    },
  });
  const accounts = list.data ?? [];
  const [pending, setPending] = useState<number | null>(null);
  const stored = ownRequestAccountId ?? accounts.find((a) => a.is_own_request_account)?.id ?? null;
  // the choice shows at once while it is being saved
  const chosen = isChoosing ? pending : stored;
  const choose = (id: number | null) => {
    setPending(id);
    onChooseOwnRequest(id);
  };

  return (
    <Card className="px-5 py-6 sm:px-8">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('title')}</h2>
          <p className="mt-1 max-w-xl text-sm text-neutral-600">{t('text')}</p>
        </div>
        <Button onClick={() => setEditing({ open: true, id: null })}>
          <Plus size={16} aria-hidden="true" />
          {t('add')}
        </Button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : accounts.length === 0 ? (
        <EmptyState
          icon={<Landmark size={28} className="text-primary-600" aria-hidden="true" />}
          title={t('emptyTitle')}
          text={t('emptyText')}
        />
      ) : (
        // min-w-0: a fieldset is as wide as its widest line by default, which pushed the page sideways on a phone
        <fieldset className="min-w-0">
          <legend className="mb-3 text-sm font-medium text-neutral-800">{t('ownRequestLegend')}</legend>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {accounts.map((a) => {
              const isChosen = a.id === chosen;
              return (
                <li
                  key={a.id}
                  className={cn(
                    'flex flex-col gap-3 rounded-xl border p-4 transition-colors',
                    isChosen ? 'border-primary-400 bg-primary-50/50 ring-1 ring-primary-200' : 'border-neutral-200',
                  )}
                >
                  <div className="flex items-start gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-600 ring-1 ring-primary-100">
                      <Landmark size={20} aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      {/* the badge goes under the name when both do not fit on one line (a phone, Russian) */}
                      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <p className="min-w-0 truncate font-semibold text-neutral-900">{a.name || a.bank_name}</p>
                        {a.is_default && (
                          <span className="shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-neutral-700">
                            {t('defaultBadge')}
                          </span>
                        )}
                      </div>
                      <p className="truncate text-sm text-neutral-600">{a.name ? a.bank_name : null}</p>
                      <p className="mt-1 font-mono text-sm text-neutral-700 tabular-nums">
                        {masked(a)} · {a.currency}
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 border-t border-neutral-100 pt-3">
                    <label className="me-auto flex cursor-pointer items-center gap-2 text-sm text-neutral-800">
                      <input
                        type="radio"
                        name="own-request-account"
                        className="size-4 accent-[var(--color-primary-600)]"
                        checked={isChosen}
                        disabled={isChoosing}
                        onChange={() => choose(a.id)}
                      />
                      {t('forOwnRequests')}
                    </label>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing({ open: true, id: a.id })}
                      aria-label={t('editAccount', { name: a.name || a.bank_name })}
                    >
                      <Pencil size={14} aria-hidden="true" />
                      {t('edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger-700"
                      onClick={() => setDeleting(a)}
                      aria-label={t('deleteAccount', { name: a.name || a.bank_name })}
                    >
                      <Trash2 size={14} aria-hidden="true" />
                      {t('delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {chosen !== null && (
            <Button variant="link" size="sm" className="mt-3" disabled={isChoosing} onClick={() => choose(null)}>
              {/* a long text (Russian) wraps on a phone instead of widening the page */}
              <span className="text-start whitespace-normal">{t('clearOwnRequest')}</span>
            </Button>
          )}
        </fieldset>
      )}
      <BankAccountFormModal
        organizerId={organizerId}
        accountId={editing.id}
        open={editing.open}
        onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        width="dialog"
        title={t('deleteTitle')}
        description={t('deleteText', { name: deleting?.name || deleting?.bank_name || '' })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate({ tour_organizer_id: organizerId, id: deleting.id }, { onError: toastApiError })
              }
            >
              {t('confirmDelete')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
