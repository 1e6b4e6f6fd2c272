import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Input, LoadingState, toast } from '@tourdesk/ui';
import { ArrowLeft, Phone } from 'lucide-react';
import type { Manifest, ManifestRequest, ManifestTraveller } from '@tourdesk/contract/api/manifest';
import type { CheckinStatus } from '@tourdesk/contract/api/manifest-routes';
import { QueryErrorState } from '../../components/query-error-state';
import { useFormats } from '../../lib/formats';
import { useCheckinQueue, useManifest } from './manifest-api';
import type { QueuedCheckin } from './manifest-queue';

type Act = (requestId: number, place: number, status: CheckinStatus | null) => void;

const travellerName = (t: ManifestTraveller, r: ManifestRequest, unnamed: (p: number, c: number) => string) =>
  t.full_name || unnamed(t.place, r.travellers.length);

function TravellerRow({
  traveller,
  request,
  waiting,
  act,
}: {
  traveller: ManifestTraveller;
  request: ManifestRequest;
  waiting: QueuedCheckin | undefined;
  act: Act;
}) {
  const { t, i18n } = useTranslation('rooming');
  const name = travellerName(traveller, request, (place, count) => t('manifest.unnamed', { place, count }));
  // what the guide did last shows at once, sent or not
  const status = waiting ? waiting.status : (traveller.checkin?.status ?? null);
  const category = traveller.category
    ? i18n.language === 'ru'
      ? traveller.category.name_ru
      : traveller.category.name_en
    : '';
  const badge = 'rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700';
  return (
    <li
      className={`flex flex-col gap-2 border-t border-neutral-200 py-3 first:border-t-0 ${status === 'checked_in' ? 'bg-emerald-50' : status === 'no_show' ? 'bg-rose-50' : ''}`}
      aria-label={name}
    >
      <div className="flex items-start justify-between gap-2 px-3">
        <div className="min-w-0">
          <p className={`font-semibold ${traveller.full_name ? 'text-neutral-900' : 'italic text-neutral-600'}`}>
            {name}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {category && <span className={badge}>{category}</span>}
            {traveller.is_lead && <span className={badge}>{t('manifest.lead')}</span>}
            {traveller.age !== null && <span className={badge}>{t('manifest.age', { count: traveller.age })}</span>}
            {traveller.is_child && <span className={badge}>{t('manifest.child')}</span>}
            {traveller.needs_transfer && <span className={badge}>{t('manifest.transfer')}</span>}
            {traveller.food_restriction && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                {t('manifest.food', { text: traveller.food_restriction })}
              </span>
            )}
          </div>
        </div>
        {traveller.phone && (
          <a
            href={`tel:${traveller.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-neutral-300 px-3 text-sm font-medium text-brand-700"
            aria-label={t('manifest.call', { name })}
          >
            <Phone size={16} aria-hidden="true" />
            {traveller.phone}
          </a>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 px-3">
        <span role="status" className="text-sm font-medium text-neutral-700" data-testid="checkin-state">
          {t(`manifest.state.${status ?? 'none'}`)}
          {waiting && (
            <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs text-amber-900">
              {t('manifest.waiting')}
            </span>
          )}
        </span>
        <div className="ml-auto flex gap-2">
          {status === null ? (
            <>
              <Button
                size="lg"
                onClick={() => act(request.request_id, traveller.place, 'checked_in')}
                aria-label={t('manifest.checkInLabel', { name })}
              >
                {t('manifest.checkIn')}
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => act(request.request_id, traveller.place, 'no_show')}
                aria-label={t('manifest.noShowLabel', { name })}
              >
                {t('manifest.noShow')}
              </Button>
            </>
          ) : (
            <Button
              size="lg"
              variant="ghost"
              onClick={() => act(request.request_id, traveller.place, null)}
              aria-label={t('manifest.undoLabel', { name })}
            >
              {t('manifest.undo')}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function RequestCard({ request, pending, act }: { request: ManifestRequest; pending: QueuedCheckin[]; act: Act }) {
  const { t } = useTranslation('rooming');
  const f = useFormats();
  return (
    <section
      className="overflow-hidden rounded-xl border border-neutral-200 bg-white"
      aria-label={t('manifest.request', { id: request.request_id })}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 bg-neutral-50 px-3 py-2 text-sm">
        <div>
          <p className="font-semibold text-neutral-900">{t('manifest.request', { id: request.request_id })}</p>
          <p className="text-neutral-600">
            {t('manifest.contact', { name: request.contact_name })}
            {request.contact_phone && (
              <>
                {' · '}
                <a
                  className="text-brand-700 underline"
                  href={`tel:${request.contact_phone.replace(/[^\d+]/g, '')}`}
                  aria-label={t('manifest.call', { name: request.contact_name })}
                >
                  {request.contact_phone}
                </a>
              </>
            )}
          </p>
        </div>
        <span className={`font-semibold ${request.balance_due_minor > 0 ? 'text-rose-700' : 'text-emerald-700'}`}>
          {request.balance_due_minor > 0
            ? t('manifest.balanceDue', { amount: f.money(request.balance_due_minor / 100, request.currency) })
            : t('manifest.paid')}
        </span>
      </header>
      <ul>
        {request.travellers.map((tr) => (
          <TravellerRow
            key={tr.place}
            traveller={tr}
            request={request}
            waiting={pending.find((a) => a.request_id === request.request_id && a.place === tr.place)}
            act={act}
          />
        ))}
      </ul>
    </section>
  );
}

function Loaded({ manifest, stale }: { manifest: Manifest; stale: boolean }) {
  const { t } = useTranslation('rooming');
  const f = useFormats();
  const [search, setSearch] = useState('');
  const { pending, act } = useCheckinQueue(manifest.departure.id, (a: QueuedCheckin) => {
    const r = manifest.requests.find((x) => x.request_id === a.request_id);
    const tr = r?.travellers.find((x) => x.place === a.place);
    const name = tr && r ? travellerName(tr, r, (place, count) => t('manifest.unnamed', { place, count })) : '';
    toast.error(t('manifest.refused', { name, reason: t('errors:checkin_request_canceled') }));
  });
  const all = manifest.requests.flatMap((r) => r.travellers.map((tr) => ({ r, tr })));
  const stateOf = (r: ManifestRequest, tr: ManifestTraveller) => {
    const w = pending.find((a) => a.request_id === r.request_id && a.place === tr.place);
    return w ? w.status : (tr.checkin?.status ?? null);
  };
  const checked = all.filter(({ r, tr }) => stateOf(r, tr) === 'checked_in').length;
  const noShows = all.filter(({ r, tr }) => stateOf(r, tr) === 'no_show').length;
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      q === ''
        ? manifest.requests
        : manifest.requests
            .map((r) => ({
              ...r,
              travellers: r.travellers.filter((tr) => tr.full_name.toLowerCase().includes(q)),
            }))
            .filter((r) => r.travellers.length > 0 || r.contact_name.toLowerCase().includes(q)),
    [manifest.requests, q],
  );
  const d = manifest.departure;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <header className="sticky top-0 z-10 -mx-1 rounded-b-xl bg-white/95 px-1 pb-2 backdrop-blur">
        <h1 id="page-title" className="text-xl font-semibold text-neutral-900">
          {d.tour_name}
        </h1>
        <p className="text-sm text-neutral-600">
          {f.days(d.date_start, d.date_end)}
          {d.time_start && ` · ${d.time_start}`}
        </p>
        {manifest.guides.length > 0 && (
          <p className="text-sm text-neutral-600">
            {t('manifest.guides', { names: manifest.guides.map((g) => g.name).join(', ') })}
          </p>
        )}
        <p className="mt-1 text-lg font-semibold text-neutral-900" aria-live="polite" data-testid="manifest-counts">
          {t('manifest.counts', { checked, total: all.length })}
          {noShows > 0 && (
            <span className="ml-2 text-sm text-rose-700">{t('manifest.noShows', { count: noShows })}</span>
          )}
        </p>
        {pending.length > 0 && (
          <p role="status" className="mt-1 rounded bg-amber-100 px-2 py-1 text-sm text-amber-900">
            {t('manifest.waitingCount', { count: pending.length })}
          </p>
        )}
        {stale && (
          <p className="mt-1 rounded bg-neutral-100 px-2 py-1 text-sm text-neutral-700">{t('manifest.offlineCopy')}</p>
        )}
        <Input
          type="search"
          className="mt-2"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('manifest.search')}
          aria-label={t('manifest.searchLabel')}
        />
      </header>
      {all.length === 0 ? (
        <p className="text-neutral-600">{t('manifest.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="text-neutral-600">{t('manifest.noMatches')}</p>
      ) : (
        shown.map((r) => <RequestCard key={r.request_id} request={r} pending={pending} act={act} />)
      )}
    </div>
  );
}

/** /{orgId}/departures/{tour_date_id}/manifest: a departure's travellers on the guide's phone, with check-in. */
export function ManifestPage() {
  const { t } = useTranslation('rooming');
  const params = useParams();
  const manifest = useManifest(Number(params.tour_date_id));
  return (
    <>
      <Link
        to={`/${params.orgId ?? ''}/dashboard`}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('manifest.back')}
      </Link>
      {manifest.data ? (
        <Loaded manifest={manifest.data} stale={manifest.isError} />
      ) : manifest.isPending ? (
        <LoadingState />
      ) : (
        <QueryErrorState
          error={manifest.error}
          onRetry={() => void manifest.refetch()}
          notFound={t('manifest.notFound')}
        />
      )}
    </>
  );
}
