import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, Modal, toast } from '@tourdesk/ui';
import { Pencil, Plus, TicketPercent, Trash2 } from 'lucide-react';
import type { PromoCode } from '@tourdesk/contract/api/prices';
import { QueryErrorState } from '../../../components/query-error-state';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useDeletePromoCode, usePromoCodes } from '../api/promo-codes';
import { PromoCodeFormModal } from './promo-code-form-modal';

/** Settings → Promo codes (issue 26): the organizer's codes, their terms and uses; create, edit, delete. */
export function PromoCodeList({
  organizerId,
  tours,
}: {
  organizerId: number;
  /** the organizer's tours, to limit a code to some of them */
  tours: readonly { id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'promoCodes' });
  const toastApiError = useApiErrorToast();
  const list = usePromoCodes(organizerId);
  const remove = useDeletePromoCode(organizerId);
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const tourName = new Map(tours.map((tour) => [tour.id, tour.name]));
  const valueOf = (c: PromoCode) =>
    c.value_type === 'percent' ? `−${number.format(c.value)}%` : t('amountOff', { amount: number.format(c.value) });
  const validity = (c: PromoCode) =>
    c.valid_from && c.valid_to
      ? `${dayOf(c.valid_from)} – ${dayOf(c.valid_to)}`
      : c.valid_from
        ? t('validFrom', { day: dayOf(c.valid_from) })
        : c.valid_to
          ? t('validTo', { day: dayOf(c.valid_to) })
          : t('always');
  const codes = list.data?.items ?? [];
  return (
    <Card className="px-5 py-6 sm:px-8">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('title')}</h2>
          <p className="mt-1 max-w-xl text-sm text-neutral-600">{t('text')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden="true" />
          {t('add')}
        </Button>
      </div>
      {list.isError ? (
        <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <LoadingState />
      ) : codes.length === 0 ? (
        <EmptyState
          icon={<TicketPercent size={28} className="text-primary-600" aria-hidden="true" />}
          title={t('emptyTitle')}
          text={t('emptyText')}
        />
      ) : (
        <ul aria-label={t('title')} className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {codes.map((c) => (
            <li key={c.id} className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-mono text-base font-semibold tracking-wide text-neutral-900">{c.code}</p>
                <p className="font-semibold text-success-700 tabular-nums">{valueOf(c)}</p>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-neutral-500">{t('validity')}</dt>
                <dd className="text-neutral-800">{validity(c)}</dd>
                <dt className="text-neutral-500">{t('tours')}</dt>
                <dd className="text-neutral-800">
                  {c.tour_ids.length === 0
                    ? t('allTours')
                    : c.tour_ids.map((id) => tourName.get(id) ?? `#${id}`).join(', ')}
                </dd>
                <dt className="text-neutral-500">{t('uses')}</dt>
                <dd className="text-neutral-800 tabular-nums">
                  {c.uses_total === null
                    ? t('usesUnlimited', { count: c.uses_count })
                    : t('usesOf', { count: c.uses_count, total: c.uses_total })}
                  {c.uses_per_email !== null && (
                    <span className="text-neutral-500"> · {t('perEmail', { count: c.uses_per_email })}</span>
                  )}
                </dd>
                <dt className="text-neutral-500">{t('combinable')}</dt>
                <dd className="text-neutral-800">{c.is_combinable ? t('yes') : t('no')}</dd>
              </dl>
              <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-100 pt-3">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing(c)}
                  aria-label={t('editCode', { code: c.code })}
                >
                  <Pencil size={14} aria-hidden="true" />
                  {t('edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger-700"
                  onClick={() => setDeleting(c)}
                  aria-label={t('deleteCode', { code: c.code })}
                >
                  <Trash2 size={14} aria-hidden="true" />
                  {t('delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PromoCodeFormModal organizerId={organizerId} tours={tours} editing={editing} onClose={() => setEditing(null)} />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        width="dialog"
        title={t('deleteTitle')}
        description={t('deleteText', { code: deleting?.code ?? '' })}
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
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    toast.success(t('deleted'));
                    setDeleting(null);
                  },
                  onError: toastApiError,
                })
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
