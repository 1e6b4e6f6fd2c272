import { useId, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Input, LoadingState, Modal, toast } from '@tourdesk/ui';
import { CalendarDays, Copy, FileDown, Link2Off } from 'lucide-react';
import { TOUR_ICAL_FEED_RULES } from '@tourdesk/contract/api/tour-routes';
import type { TourCreateIcalFeedBody, TourIcalFeed, TourIcalFeedCreated } from '@tourdesk/contract/api/tour';
import type { Tour } from '@tourdesk/contract/entities/tour';
import { QueryErrorState } from '../../../components/query-error-state';
import { ChoiceField, TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useApiErrorToast } from '../../../lib/form-errors';
import {
  icalFeedUrl,
  PDF_STEPS,
  useCreateIcalFeed,
  useIcalFeeds,
  useProgramPdf,
  useRevokeIcalFeed,
  type PdfStep,
} from '../api/tour-export';

/** "Programme PDF": made on the server, with its steps shown while it is made, then downloaded. */
function ProgramPdfButton({ tour }: { tour: Tour }) {
  const { t, i18n } = useTranslation('tours');
  const toastApiError = useApiErrorToast();
  const [step, setStep] = useState<PdfStep | null>(null);
  const make = useProgramPdf(tour.id, i18n.language, setStep);
  const progressId = useId();
  const index = step ? PDF_STEPS.indexOf(step) : -1;
  const stepText = step ? t(`export.pdf.steps.${step}`) : '';
  const onClick = () =>
    make.mutate(undefined, {
      onSuccess: () => toast.success(t('export.pdf.done')),
      onError: toastApiError,
      onSettled: () => setStep(null),
    });
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold text-neutral-900">{t('export.pdf.title')}</h3>
        <p className="mt-1 text-sm text-neutral-600">{t('export.pdf.text')}</p>
      </div>
      <div>
        <Button
          variant="outline"
          onClick={onClick}
          disabled={make.isPending}
          aria-describedby={make.isPending ? progressId : undefined}
        >
          <FileDown size={16} aria-hidden="true" />
          {t('export.pdf.button')}
        </Button>
      </div>
      {make.isPending && (
        <div id={progressId} className="flex max-w-md flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={t('export.pdf.progress')}
            aria-valuemin={1}
            aria-valuemax={PDF_STEPS.length}
            aria-valuenow={index + 1}
            aria-valuetext={stepText}
            className="relative h-1.5 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="relative h-full overflow-hidden rounded-full bg-primary-600 transition-[width] duration-300"
              style={{ width: `${((index + 1) / PDF_STEPS.length) * 100}%` }}
            >
              {/* the step itself has no measurable progress: a moving light says it is under way */}
              <div className="absolute inset-y-0 w-1/3 animate-progress bg-white/40 motion-reduce:hidden" />
            </div>
          </div>
          <p className="text-xs text-neutral-600" aria-live="polite">
            {t('export.pdf.step', { n: index + 1, total: PDF_STEPS.length, text: stepText })}
          </p>
        </div>
      )}
    </div>
  );
}

type FeedScope = 'tour' | 'all';
type FeedBody = Omit<TourCreateIcalFeedBody, 'organizer_id'>;
/** The form chooses this tour or every tour; the body names the tour or none. */
type FeedValues = Omit<FormValues<FeedBody>, 'tour_id'> & { scope: FeedScope };

/** A new feed: whom it is for and whether it holds this tour or every tour. */
function FeedForm({ tour, onCreated }: { tour: Tour; onCreated: (feed: TourIcalFeedCreated) => void }) {
  const { t } = useTranslation('tours');
  const create = useCreateIcalFeed(tour.tour_organizer_id);
  const prepare = useMemo(
    () =>
      ({ name, scope }: FeedValues): FeedBody => ({ name, tour_id: scope === 'tour' ? tour.id : null }),
    [tour.id],
  );
  const form = useContractForm<FeedBody, FeedValues>({
    defaults: { name: '', scope: 'tour' },
    rules: TOUR_ICAL_FEED_RULES,
    prepare,
  });
  const onSubmit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (feed) => {
        form.reset({ name: '', scope: 'tour' });
        onCreated(feed);
      },
      onError: form.showServerError,
    }),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t('export.ical.new')}>
        <TextField name="name" label={t('export.ical.name')} hint={t('export.ical.nameHint')} />
        <ChoiceField<FeedScope>
          name="scope"
          label={t('export.ical.scope')}
          options={[
            { value: 'tour', text: t('export.ical.scopeTour') },
            { value: 'all', text: t('export.ical.scopeAll') },
          ]}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={create.isPending}>
            <CalendarDays size={16} aria-hidden="true" />
            {t('export.ical.create')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The address of a feed just made: shown this once (only a digest of it is kept). */
function NewFeedAddress({ feed, onDone }: { feed: TourIcalFeedCreated; onDone: () => void }) {
  const { t } = useTranslation('tours');
  const url = icalFeedUrl(feed.url);
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('export.ical.copied'));
    } catch {
      toast.error(t('export.ical.copyFailed'));
    }
  };
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-3 rounded-xl border border-primary-100 bg-primary-50/60 p-4"
    >
      <h4 id={`${inputId}-title`} className="text-sm font-semibold text-neutral-900">
        {t('export.ical.readyTitle')}
      </h4>
      <p className="text-sm text-neutral-700">{t('export.ical.readyText')}</p>
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-800">
        {t('export.ical.address')}
      </label>
      <Input
        id={inputId}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-xs"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => void copy()}>
          <Copy size={15} aria-hidden="true" />
          {t('export.ical.copy')}
        </Button>
        <a className="text-sm text-primary-700 underline" href={url.replace(/^https?:/, 'webcal:')}>
          {t('export.ical.openInApp')}
        </a>
        <Button size="sm" variant="ghost" className="ms-auto" onClick={onDone}>
          {t('export.ical.done')}
        </Button>
      </div>
    </section>
  );
}

/** Calendar feeds of the tour (and the organizer's whole-catalogue ones): made, listed, revoked. */
function IcalFeeds({ tour }: { tour: Tour }) {
  const { t, i18n } = useTranslation('tours');
  const feeds = useIcalFeeds(tour.tour_organizer_id, tour.id);
  const revoke = useRevokeIcalFeed(tour.tour_organizer_id);
  const toastApiError = useApiErrorToast();
  const [created, setCreated] = useState<TourIcalFeedCreated | null>(null);
  const [revoking, setRevoking] = useState<TourIcalFeed | null>(null);
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const titleOf = (f: TourIcalFeed) => f.name || t('export.ical.unnamed');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="text-sm font-semibold text-neutral-900">{t('export.ical.title')}</h3>
        <p className="mt-1 text-sm text-neutral-600">{t('export.ical.text')}</p>
      </div>
      {created && <NewFeedAddress feed={created} onDone={() => setCreated(null)} />}
      {feeds.isPending ? (
        <LoadingState />
      ) : feeds.isError ? (
        <QueryErrorState error={feeds.error} onRetry={() => void feeds.refetch()} />
      ) : feeds.data.items.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('export.ical.none')}</p>
      ) : (
        <ul className="divide-y divide-neutral-100" aria-label={t('export.ical.list')}>
          {feeds.data.items.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
              <span className="min-w-40 font-medium text-neutral-900">{titleOf(f)}</span>
              <span className="text-neutral-700">
                {f.tour_id === null ? t('export.ical.scopeAll') : t('export.ical.scopeTour')}
              </span>
              <span className="text-neutral-500">
                {t('export.ical.created', { date: date.format(new Date(f.created_at)) })}
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto text-danger-700"
                onClick={() => setRevoking(f)}
                aria-label={t('export.ical.revokeOne', { name: titleOf(f) })}
              >
                <Link2Off size={15} aria-hidden="true" />
                {t('export.ical.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FeedForm tour={tour} onCreated={setCreated} />
      <Modal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        width="form"
        title={t('export.ical.revokeTitle')}
        description={revoking ? t('export.ical.revokeText', { name: titleOf(revoking) }) : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRevoking(null)}>
              {t('export.ical.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() =>
                revoking &&
                revoke.mutate(revoking.id, {
                  onSuccess: () => {
                    toast.success(t('export.ical.revoked'));
                    setRevoking(null);
                  },
                  onError: toastApiError,
                })
              }
            >
              {t('export.ical.revoke')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/**
 * Sharing a tour outside the CRM: its programme as a PDF, and calendar feeds of its departures
 * for guides. The editor shows it for a saved tour.
 */
export function TourExport({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tours');
  return (
    <Card id="section-export" className="scroll-mt-20 px-5 py-6 sm:px-8">
      <h2 className="mb-4 text-base font-semibold text-neutral-900">{t('export.title')}</h2>
      <div className="flex flex-col gap-8">
        <ProgramPdfButton tour={tour} />
        <IcalFeeds tour={tour} />
      </div>
    </Card>
  );
}
