import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Field, Input, LoadingState, Rating, Textarea, Upload } from '@tourdesk/ui';
import { CheckCircle2, Clock, Link2Off, X } from 'lucide-react';
import {
  REVIEW_NAME_MAX_LENGTH,
  REVIEW_PHOTOS_MAX,
  REVIEW_TEXT_MAX_LENGTH,
} from '@tourdesk/contract/api/review-routes';
import type { PublicReview, ReviewPage as ReviewPageData, ReviewPhoto } from '@tourdesk/contract/api/review';
import { ApiError } from '../../lib/api/api-error';
import { fieldMessage, useApiErrorToast } from '../../lib/form-errors';
import { formatDay } from './format';
import { uploadReviewPhoto, useReviewPage, useSaveReview } from './api/reviews';
import { ReviewBody } from './components/review-body';

/** The trip the link is for: the tour, its dates, the organizer. */
function TripHeading({ data }: { data: ReviewPageData }) {
  const { t, i18n } = useTranslation('reviews');
  const dates = [data.date_start, data.date_end]
    .filter((d): d is string => !!d)
    .map((d) => formatDay(d, i18n.language));
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold text-neutral-900">{t('page.heading')}</h1>
      {data.tour_name && <p className="text-lg font-medium text-neutral-800">{data.tour_name}</p>}
      <p className="text-sm text-neutral-600">
        {[...new Set(dates)].join(' – ')}
        {dates.length > 0 && ' · '}
        {t('page.with', { organizer: data.organizer_name })}
      </p>
    </header>
  );
}

const FORM_FIELDS = ['rating', 'text', 'display_name', 'photo_ids'];

/** The form: stars, text, photos (uploaded with progress), the name shown. */
function ReviewForm({ token, data, onSaved }: { token: string; data: ReviewPageData; onSaved: () => void }) {
  const { t } = useTranslation('reviews');
  const { t: te } = useTranslation('errors');
  const save = useSaveReview(token);
  const toastApiError = useApiErrorToast();
  const existing = data.review;
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [text, setText] = useState(existing?.text ?? '');
  const [name, setName] = useState(existing?.display_name ?? data.suggested_name);
  const [photos, setPhotos] = useState<ReviewPhoto[]>(existing?.photos ?? []);
  const [ratingError, setRatingError] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setRatingError(true);
      return;
    }
    save.mutate(
      { rating, text, display_name: name, photo_ids: photos.map((p) => p.id), language: data.language },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // a field's message shows under it; anything else (the link answered or expired) as a toast
          const onField =
            error instanceof ApiError && FORM_FIELDS.some((field) => error.fieldErrors[field] !== undefined);
          if (!onField) toastApiError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Rating
          value={rating}
          onChange={(v) => {
            setRating(v);
            setRatingError(false);
          }}
          size={40}
          label={t('page.rating')}
        />
        {(ratingError || fieldMessage(save.error, 'rating', te)) && (
          <p role="alert" className="text-sm text-danger-600">
            {t('page.ratingRequired')}
          </p>
        )}
      </div>
      <Field label={t('page.text')} hint={t('page.textHint')} error={fieldMessage(save.error, 'text', te)}>
        <Textarea rows={5} value={text} maxLength={REVIEW_TEXT_MAX_LENGTH} onChange={(e) => setText(e.target.value)} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-neutral-800">{t('page.photos')}</legend>
        <p className="text-sm text-neutral-500">{t('page.photosHint', { count: REVIEW_PHOTOS_MAX })}</p>
        {photos.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {photos.map((photo, index) => (
              <li key={photo.id} className="relative">
                <img src={photo.thumb_url} alt="" className="h-24 w-18 rounded-lg object-cover" />
                <button
                  type="button"
                  className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-neutral-900/80 text-white focus-visible:outline-2 focus-visible:outline-primary-500"
                  aria-label={t('page.removePhoto', { n: index + 1 })}
                  onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < REVIEW_PHOTOS_MAX && (
          <Upload<ReviewPhoto>
            accept="image/*"
            multiple
            clearOnSuccess
            label={t('page.addPhotos')}
            upload={(file, onProgress) => uploadReviewPhoto(token, file, onProgress)}
            onUploaded={(photo) => setPhotos((list) => [...list, photo].slice(0, REVIEW_PHOTOS_MAX))}
          />
        )}
        {fieldMessage(save.error, 'photo_ids', te) && (
          <p role="alert" className="text-sm text-danger-600">
            {fieldMessage(save.error, 'photo_ids', te)}
          </p>
        )}
      </fieldset>
      <Field
        label={t('page.name')}
        hint={t('page.nameHint')}
        required
        error={fieldMessage(save.error, 'display_name', te)}
      >
        <Input
          value={name}
          maxLength={REVIEW_NAME_MAX_LENGTH}
          autoComplete="given-name"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" loading={save.isPending}>
        {existing ? t('page.update') : t('page.submit')}
      </Button>
    </form>
  );
}

/** The review as written, with the organizer's answer. */
function WrittenReview({ review, organizer }: { review: PublicReview; organizer: string }) {
  const { t } = useTranslation('reviews');
  return (
    <section aria-label={t('page.yourReview')}>
      <ReviewBody review={review} answerLabel={t('page.answer', { organizer })} />
    </section>
  );
}

/**
 * /review/:token: the traveller's review of a trip, through the secret link of the review request
 * (phone first, no account). Writes it, edits it until the organizer answers; an answered, expired
 * or forged link shows what happened instead of the form.
 */
export function ReviewPage() {
  const { t } = useTranslation('reviews');
  const { token = '' } = useParams();
  const page = useReviewPage(token);
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);

  useEffect(() => {
    if (justSaved) window.scrollTo({ top: 0 });
  }, [justSaved]);

  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError || !page.data)
    body = (
      <EmptyState
        icon={<Link2Off size={28} aria-hidden="true" />}
        title={t('page.invalidTitle')}
        text={t('page.invalidText')}
      />
    );
  else if (page.data.state === 'expired' && !page.data.review)
    body = (
      <EmptyState
        icon={<Clock size={28} aria-hidden="true" />}
        title={t('page.expiredTitle')}
        text={t('page.expiredText')}
      />
    );
  else {
    const data = page.data;
    const review = data.review;
    const showForm = data.state === 'open' && (!review || editing);
    body = (
      <div className="flex flex-col gap-6">
        <TripHeading data={data} />
        {justSaved && !editing && (
          <div role="status" className="flex gap-2 rounded-lg bg-success-50 p-3 text-success-800">
            <CheckCircle2 size={20} aria-hidden="true" className="shrink-0" />
            <p>
              {t('page.thanks')} {data.state === 'open' && t('page.thanksEdit')}
            </p>
          </div>
        )}
        {showForm ? (
          <ReviewForm
            token={token}
            data={data}
            onSaved={() => {
              setEditing(false);
              setJustSaved(true);
            }}
          />
        ) : (
          review && (
            <>
              <WrittenReview review={review} organizer={data.organizer_name} />
              {data.state === 'answered' && <p className="text-sm text-neutral-600">{t('page.answered')}</p>}
              {data.state === 'expired' && <p className="text-sm text-neutral-600">{t('page.expiredTitle')}</p>}
              {data.state === 'open' && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  {t('page.edit')}
                </Button>
              )}
            </>
          )
        )}
      </div>
    );
  }
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
      <Card className="p-5 sm:p-8">{body}</Card>
    </main>
  );
}
