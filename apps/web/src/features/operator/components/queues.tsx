import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, LoadingState } from '@tourdesk/ui';
import type {
  PartnershipQueueItem,
  TourQueueItem,
  VerificationQueueItem,
} from '@tourdesk/contract/api/operator-console';
import { apiErrorText, useApiErrorToast, fieldMessage } from '../../../lib/form-errors';
import {
  useDecidePartnership,
  useDecideTour,
  useDecideVerification,
  usePartnershipQueue,
  useTourQueue,
  useVerificationQueue,
} from '../api/console-api';
import { ReasonModal } from './reason-modal';
import { DocumentLink } from './organizer-card';
import { TourPreviewButton } from './tour-preview';

/** Opens an organizer's card (issue 30): every queue row has the button. */
export type OpenCard = (organizerId: number) => void;
function CardButton({ name, organizerId, onOpen }: { name: string; organizerId: number; onOpen: OpenCard }) {
  const { t } = useTranslation('operator');
  return (
    <Button size="sm" variant="ghost" aria-label={`${t('card.title')}: ${name}`} onClick={() => onOpen(organizerId)}>
      {t('card.open')}
    </Button>
  );
}

const useDate = () => {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};

function QueueList<T>({
  query,
  label,
  keyOf,
  render,
}: {
  query: { data?: T[]; isPending: boolean; error: unknown };
  label: string;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('operator');
  if (query.isPending) return <LoadingState />;
  if (query.error) return <p role="alert">{apiErrorText(query.error, t)}</p>;
  if (!query.data?.length) return <EmptyState title={t('queue.empty')} />;
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {query.data.map((item) => (
        <li key={keyOf(item)} className="rounded-lg border border-neutral-200 bg-white p-4 shadow-xs">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-500">{term}</dt>
          <dd className="text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An item's two answers: the positive one at once, the negative one after a reason. */
function Decision({
  name,
  yes,
  no,
  noTitle,
  busy,
  onYes,
  onNo,
}: {
  name: string;
  yes: string;
  no: string;
  noTitle: string;
  busy: boolean;
  onYes: () => Promise<unknown>;
  onNo: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('operator');
  const toastError = useApiErrorToast();
  const [asking, setAsking] = useState(false);
  const [isApproving, setApproving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        size="sm"
        loading={isApproving}
        disabled={busy}
        aria-label={`${yes}: ${name}`}
        onClick={() => {
          setApproving(true);
          onYes()
            .catch(toastError)
            .finally(() => setApproving(false));
        }}
      >
        {yes}
      </Button>
      <Button size="sm" variant="outline" aria-label={`${no}: ${name}`} onClick={() => setAsking(true)}>
        {no}
      </Button>
      {asking ? (
        <ReasonModal
          title={noTitle}
          confirm={no}
          busy={busy}
          error={error ? (fieldMessage(error, 'reason', t) ?? apiErrorText(error, t)) : undefined}
          onClose={() => setAsking(false)}
          onConfirm={(reason) =>
            onNo(reason).then(
              () => setAsking(false),
              (e: unknown) => setError(e),
            )
          }
        />
      ) : null}
    </div>
  );
}

export function VerificationQueue({ siteId, onOpenCard }: { siteId: number | null; onOpenCard: OpenCard }) {
  const { t } = useTranslation('operator');
  const date = useDate();
  const query = useVerificationQueue(siteId);
  const decide = useDecideVerification();
  return (
    <QueueList<VerificationQueueItem>
      query={query}
      label={t('tabs.verification')}
      keyOf={(o) => String(o.organizer_id)}
      render={(o) => (
        <article aria-label={o.name}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-neutral-900">{o.name}</h2>
            <CardButton name={o.name} organizerId={o.organizer_id} onOpen={onOpenCard} />
          </div>
          <Facts
            items={[
              [t('verification.submitted'), date(o.submitted_at)],
              [t('verification.fullName'), o.full_name],
              [
                t('verification.document'),
                `${t(`verification.documentTypes.${o.document_type}`, { defaultValue: o.document_type })} ${o.document_number}`,
              ],
              [
                t('verification.file'),
                o.document_url ? <DocumentLink url={o.document_url} /> : t('verification.noFile'),
              ],
            ]}
          />
          <Decision
            name={o.name}
            yes={t('verification.approve')}
            no={t('verification.reject')}
            noTitle={t('verification.rejectTitle', { name: o.name })}
            busy={decide.isPending}
            onYes={() => decide.mutateAsync({ organizer_id: o.organizer_id, decision: 'approve' })}
            onNo={(reason) => decide.mutateAsync({ organizer_id: o.organizer_id, decision: 'reject', reason })}
          />
        </article>
      )}
    />
  );
}

export function PartnershipQueue({ siteId, onOpenCard }: { siteId: number | null; onOpenCard: OpenCard }) {
  const { t } = useTranslation('operator');
  const date = useDate();
  const query = usePartnershipQueue(siteId);
  const decide = useDecidePartnership();
  return (
    <QueueList<PartnershipQueueItem>
      query={query}
      label={t('tabs.partnerships')}
      keyOf={(p) => `${p.organizer_id}:${p.site_id}`}
      render={(p) => {
        const name = `${p.organizer_name} — ${p.site_name}`;
        return (
          <article aria-label={name}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold text-neutral-900">{name}</h2>
              <CardButton name={p.organizer_name} organizerId={p.organizer_id} onOpen={onOpenCard} />
            </div>
            <Facts items={[[t('partnership.signed'), date(p.signed_at)]]} />
            <Decision
              name={name}
              yes={t('partnership.publish')}
              no={t('partnership.unpublish')}
              noTitle={t('partnership.unpublishTitle', { name })}
              busy={decide.isPending}
              onYes={() =>
                decide.mutateAsync({ organizer_id: p.organizer_id, site_id: p.site_id, status: 'published' })
              }
              onNo={(reason) =>
                decide.mutateAsync({ organizer_id: p.organizer_id, site_id: p.site_id, status: 'unpublished', reason })
              }
            />
          </article>
        );
      }}
    />
  );
}

export function TourQueue({ siteId, onOpenCard }: { siteId: number | null; onOpenCard: OpenCard }) {
  const { t } = useTranslation('operator');
  const date = useDate();
  const query = useTourQueue(siteId);
  const decide = useDecideTour();
  return (
    <QueueList<TourQueueItem>
      query={query}
      label={t('tabs.tours')}
      keyOf={(x) => `${x.tour_id}:${x.site_id}`}
      render={(x) => (
        <article aria-label={x.tour_name}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-neutral-900">{x.tour_name}</h2>
            <div className="flex flex-wrap gap-2">
              <TourPreviewButton tourId={x.tour_id} name={x.tour_name} />
              <CardButton name={x.organizer_name} organizerId={x.organizer_id} onOpen={onOpenCard} />
            </div>
          </div>
          <Facts
            items={[
              [t('tour.organizer'), x.organizer_name],
              [t('tour.site'), x.site_name],
              [t('tour.days'), t('tour.daysCount', { count: x.days })],
              [t('tour.waiting'), date(x.waiting_since)],
            ]}
          />
          {x.description ? <p className="mt-2 line-clamp-4 text-sm text-neutral-700">{x.description}</p> : null}
          <Decision
            name={x.tour_name}
            yes={t('tour.publish')}
            no={t('tour.sendBack')}
            noTitle={t('tour.sendBackTitle', { name: x.tour_name })}
            busy={decide.isPending}
            onYes={() => decide.mutateAsync({ tour_id: x.tour_id, site_id: x.site_id, decision: 'publish' })}
            onNo={(reason) =>
              decide.mutateAsync({ tour_id: x.tour_id, site_id: x.site_id, decision: 'send_back', reason })
            }
          />
        </article>
      )}
    />
  );
}
