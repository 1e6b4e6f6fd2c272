import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  EmptyState,
  Field,
  LazyDatePicker,
  LoadingState,
  Modal,
  NumberInput,
  Pagination,
  Rating,
  Select,
  Textarea,
  toIsoDate,
  toast,
} from '@tourdesk/ui';
import { EyeOff, Star, X } from 'lucide-react';
import {
  REVIEW_ANSWER_MAX_LENGTH,
  REVIEW_MAX_DELAY_HOURS,
  REVIEW_RATING_MAX,
  REVIEW_REASON_MAX_LENGTH,
} from '@tourdesk/contract/api/review-routes';
import type { CrmReview, ReviewList } from '@tourdesk/contract/api/review';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useApiErrorToast } from '../../lib/form-errors';
import { useReviewActions, useReviewList, useReviewSettings, type ReviewFilters } from './api/reviews';
import { ReviewBody } from './components/review-body';
import { formatDay } from './format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The filters and page the address holds (?tour_id=&rating=&answered=&date_from=&date_to=&page=). */
export const reviewFiltersOf = (params: URLSearchParams): { filters: ReviewFilters; page: number } => {
  const filters: ReviewFilters = {};
  const tour = positive(params.get('tour_id'));
  if (tour) filters.tour_id = tour;
  const rating = positive(params.get('rating'));
  if (rating && rating <= REVIEW_RATING_MAX) filters.rating = rating;
  const answered = params.get('answered');
  if (answered === 'yes' || answered === 'no') filters.answered = answered;
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  if (DAY.test(from)) filters.date_from = from;
  if (DAY.test(to) && (!filters.date_from || to >= filters.date_from)) filters.date_to = to;
  return { filters, page: positive(params.get('page')) ?? 1 };
};

const paramsOf = (filters: ReviewFilters, page: number): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  return params;
};

const average = (n: number | null): string => (n === null ? '—' : n.toFixed(1));

function Averages({ data }: { data: ReviewList }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Card className="flex flex-col gap-1 p-5">
        <h2 className="text-sm font-medium text-neutral-600">{t('list.overall')}</h2>
        <p className="flex items-center gap-2">
          <span className="text-3xl font-semibold tabular-nums text-neutral-900">{average(data.overall.average)}</span>
          {data.overall.average !== null && <Rating value={data.overall.average} readOnly size={20} />}
        </p>
        <p className="text-sm text-neutral-500">{t('list.count', { count: data.overall.count })}</p>
      </Card>
      <Card className="p-5 lg:col-span-2">
        <h2 className="mb-2 text-sm font-medium text-neutral-600">{t('list.perTour')}</h2>
        {data.per_tour.length === 0 ? (
          <p className="text-sm text-neutral-500">{t('list.noRating')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {data.per_tour.map((tour) => (
              <li key={tour.tour_id} className="flex items-center justify-between gap-3 text-sm">
                <span className="truncate text-neutral-800">{tour.tour_name}</span>
                <span className="flex shrink-0 items-center gap-2 tabular-nums text-neutral-600">
                  <Rating value={tour.average ?? 0} readOnly size={14} />
                  {average(tour.average)} · {t('list.count', { count: tour.count })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Filters({
  value,
  tours,
  onChange,
}: {
  value: ReviewFilters;
  tours: { id: number; name: string }[];
  onChange: (next: ReviewFilters) => void;
}) {
  const { t } = useTranslation('reviews');
  const set = (patch: Partial<ReviewFilters>) => onChange({ ...value, ...patch });
  const label = 'mb-1 block text-xs font-medium text-neutral-600';
  const range =
    value.date_from !== undefined
      ? { from: new Date(`${value.date_from}T00:00:00`), to: new Date(`${value.date_to ?? value.date_from}T00:00:00`) }
      : undefined;
  const any = Object.values(value).some((v) => v !== undefined);
  return (
    <section
      aria-label={t('filters.label')}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
    >
      <div className="lg:w-56">
        <span id="review-filter-tour" className={label}>
          {t('filters.tour')}
        </span>
        <Select
          aria-labelledby="review-filter-tour"
          value={value.tour_id ?? 0}
          options={[{ value: 0, text: t('filters.allTours') }, ...tours.map((x) => ({ value: x.id, text: x.name }))]}
          onChange={(v) => set({ tour_id: Number(v) > 0 ? Number(v) : undefined })}
        />
      </div>
      <div className="lg:w-44">
        <span id="review-filter-rating" className={label}>
          {t('filters.rating')}
        </span>
        <Select
          aria-labelledby="review-filter-rating"
          value={value.rating ?? 0}
          options={[
            { value: 0, text: t('filters.anyRating') },
            ...[5, 4, 3, 2, 1].map((n) => ({ value: n, text: t('filters.stars', { count: n }) })),
          ]}
          onChange={(v) => set({ rating: Number(v) > 0 ? Number(v) : undefined })}
        />
      </div>
      <div className="lg:w-44">
        <span id="review-filter-answered" className={label}>
          {t('filters.answered')}
        </span>
        <Select
          aria-labelledby="review-filter-answered"
          value={value.answered ?? ''}
          options={[
            { value: '', text: t('filters.all') },
            { value: 'no', text: t('filters.no') },
            { value: 'yes', text: t('filters.yes') },
          ]}
          onChange={(v) => set({ answered: v === 'yes' || v === 'no' ? v : undefined })}
        />
      </div>
      <div className="lg:w-64">
        <span className={label}>{t('filters.period')}</span>
        <LazyDatePicker
          mode="range"
          aria-label={t('filters.period')}
          placeholder={t('filters.anyTime')}
          value={range}
          onChange={(r) =>
            set({
              date_from: r?.from ? toIsoDate(r.from) : undefined,
              date_to: r?.from ? toIsoDate(r.to ?? r.from) : undefined,
            })
          }
        />
      </div>
      {any && (
        <Button variant="ghost" className="gap-1.5 self-end" onClick={() => onChange({})}>
          <X size={16} aria-hidden="true" />
          {t('filters.clear')}
        </Button>
      )}
    </section>
  );
}

type Dialog = { kind: 'hide' | 'report'; review: CrmReview } | null;

function ReviewCard({ orgId, review, onDialog }: { orgId: number; review: CrmReview; onDialog: (d: Dialog) => void }) {
  const { t, i18n } = useTranslation('reviews');
  const { answer, hide } = useReviewActions(orgId);
  const toastApiError = useApiErrorToast();
  const [answering, setAnswering] = useState(false);
  const [draft, setDraft] = useState(review.answer ?? '');
  const publish = (text: string) =>
    answer.mutate(
      { id: review.id, answer: text },
      {
        onSuccess: () => {
          setAnswering(false);
          toast.success(text ? t('list.answerPublished') : t('list.answerRemoved'));
        },
        onError: toastApiError,
      },
    );
  return (
    <Card className="flex flex-col gap-3 p-5">
      <article className="contents" aria-label={`${review.display_name}, ${review.rating}/5`}>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-neutral-600">
          {review.tour_name && <span className="font-medium text-neutral-800">{review.tour_name}</span>}
          {review.date_start && (
            <span>{t('list.departure', { date: formatDay(review.date_start, i18n.language) })}</span>
          )}
          <Link
            className="text-primary-700 underline-offset-2 hover:underline"
            to={`/${orgId}/bookings/${review.request_id}`}
          >
            {t('list.booking', { id: review.request_id })}
          </Link>
        </p>
        <ReviewBody
          review={review}
          answerLabel={t('list.yourAnswer')}
          meta={review.edited_at ? <span className="text-xs text-neutral-400">({t('list.edited')})</span> : null}
        />
        {review.hidden && (
          <p className="inline-flex items-center gap-1.5 text-sm text-warning-700">
            <EyeOff size={16} aria-hidden="true" />
            {review.hidden_reason ? t('list.hiddenReason', { reason: review.hidden_reason }) : t('list.hidden')}
          </p>
        )}
        {review.support_chat_id !== null && (
          <p className="text-sm text-neutral-600">
            {t('list.reported')} ·{' '}
            <Link
              className="text-primary-700 underline-offset-2 hover:underline"
              to={`/${orgId}/chat/${review.support_chat_id}`}
            >
              {t('list.openChat')}
            </Link>
          </p>
        )}
        {answering ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              publish(draft.trim());
            }}
          >
            <Field label={t('list.yourAnswer')}>
              <Textarea
                rows={3}
                value={draft}
                maxLength={REVIEW_ANSWER_MAX_LENGTH}
                onChange={(e) => setDraft(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={answer.isPending} disabled={!draft.trim()}>
                {t('list.saveAnswer')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setAnswering(false)}>
                {t('list.cancel')}
              </Button>
              {review.answer && (
                <Button type="button" variant="ghost" onClick={() => publish('')}>
                  {t('list.removeAnswer')}
                </Button>
              )}
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant={review.answer ? 'outline' : 'primary'}
              size="sm"
              onClick={() => {
                setDraft(review.answer ?? '');
                setAnswering(true);
              }}
            >
              {review.answer ? t('list.editAnswer') : t('list.answer')}
            </Button>
            {review.hidden ? (
              <Button
                variant="ghost"
                size="sm"
                loading={hide.isPending}
                onClick={() =>
                  hide.mutate(
                    { id: review.id, hidden: false, reason: '' },
                    { onSuccess: () => toast.success(t('list.shownDone')), onError: toastApiError },
                  )
                }
              >
                {t('list.show')}
              </Button>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => onDialog({ kind: 'hide', review })}>
                {t('list.hide')}
              </Button>
            )}
            {review.support_chat_id === null && (
              <Button variant="ghost" size="sm" onClick={() => onDialog({ kind: 'report', review })}>
                {t('list.report')}
              </Button>
            )}
          </div>
        )}
      </article>
    </Card>
  );
}

/** Hide (with a reason) or report (with a message): one text and a confirm. */
function ReasonDialog({ orgId, dialog, onClose }: { orgId: number; dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation('reviews');
  const { hide, report } = useReviewActions(orgId);
  const toastApiError = useApiErrorToast();
  const [text, setText] = useState('');
  const isHide = dialog?.kind === 'hide';
  const pending = hide.isPending || report.isPending;
  const submit = () => {
    if (!dialog || !text.trim()) return;
    const done = { onSuccess: () => (setText(''), onClose()), onError: toastApiError };
    if (isHide)
      hide.mutate(
        { id: dialog.review.id, hidden: true, reason: text.trim() },
        { ...done, onSuccess: () => (toast.success(t('list.hiddenDone')), done.onSuccess()) },
      );
    else
      report.mutate(
        { id: dialog.review.id, message: text.trim() },
        { ...done, onSuccess: () => (toast.success(t('list.reportedDone')), done.onSuccess()) },
      );
  };
  return (
    <Modal
      open={dialog !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isHide ? t('list.hideTitle') : t('list.reportTitle')}
      description={isHide ? t('list.hideText') : t('list.reportText')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('list.cancel')}
          </Button>
          <Button loading={pending} disabled={!text.trim()} onClick={submit}>
            {isHide ? t('list.hideConfirm') : t('list.reportConfirm')}
          </Button>
        </>
      }
    >
      <Field label={isHide ? t('list.reason') : t('list.message')} required>
        <Textarea
          rows={3}
          value={text}
          maxLength={REVIEW_REASON_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
    </Modal>
  );
}

/** How long after the trip the review request goes. */
function RequestSettings({ orgId }: { orgId: number }) {
  const { t } = useTranslation('reviews');
  const settings = useReviewSettings(orgId);
  const { settings: save } = useReviewActions(orgId);
  const toastApiError = useApiErrorToast();
  const [hours, setHours] = useState<number | null>(null);
  if (!settings.data) return null;
  const value = hours ?? settings.data.delay_hours;
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-base font-semibold text-neutral-900">{t('list.settings')}</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(value, { onSuccess: () => toast.success(t('list.saved')), onError: toastApiError });
        }}
      >
        <Field label={t('list.delay')} hint={t('list.delayHint')} className="w-full sm:w-96">
          <NumberInput value={value} min={0} max={REVIEW_MAX_DELAY_HOURS} onChange={(v) => setHours(v ?? 0)} />
        </Field>
        <Button type="submit" variant="outline" loading={save.isPending}>
          {t('list.save')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * /{orgId}/reviews: the travellers' reviews with filters (tour, rating, answered, period; kept in
 * the address), the averages overall and per tour, each with its tour, departure and booking;
 * answer publicly, hide from the site with a reason, report to support. Live: a new review
 * refetches the list (useReviewLiveUpdates in the layout).
 */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const orgId = Number(useParams().orgId);
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => reviewFiltersOf(params), [params]);
  const list = useReviewList(orgId, filters, page);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tours = list.data?.per_tour.map((x) => ({ id: x.tour_id, name: x.tour_name })) ?? [];

  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.overall.count === 0)
    body = (
      <Card>
        <EmptyState
          icon={<Star size={28} strokeWidth={1.75} aria-hidden="true" />}
          title={t('list.emptyTitle')}
          text={t('list.emptyText')}
        />
      </Card>
    );
  else
    body = (
      <>
        <Averages data={list.data} />
        <Filters value={filters} tours={tours} onChange={(next) => setParams(paramsOf(next, 1))} />
        <p className="text-sm text-neutral-500" aria-live="polite">
          {t('list.count', { count: list.data.total })}
        </p>
        {list.data.items.length === 0 ? (
          <Card>
            <EmptyState title={t('list.noMatch')} />
          </Card>
        ) : (
          <div className="flex flex-col gap-4">
            {list.data.items.map((review) => (
              <ReviewCard key={review.id} orgId={orgId} review={review} onDialog={setDialog} />
            ))}
          </div>
        )}
        {list.data.total > list.data.page_size && (
          <Pagination
            page={page}
            total={list.data.total}
            pageSize={list.data.page_size}
            onPageChange={(next) => {
              setParams(paramsOf(filters, next));
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </>
    );

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      {body}
      <RequestSettings orgId={orgId} />
      <ReasonDialog orgId={orgId} dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
