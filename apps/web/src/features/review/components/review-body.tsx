import { useTranslation } from 'react-i18next';
import { Rating } from '@tourdesk/ui';
import type { PublicReview } from '@tourdesk/contract/api/review';
import { formatDay } from '../format';

/** A review as read: the stars, who and when, the text (markup shown as text), the photos, the answer. */
export function ReviewBody({
  review,
  answerLabel,
  meta,
}: {
  review: PublicReview;
  answerLabel: string;
  meta?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('reviews');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Rating value={review.rating} readOnly size={18} />
        <span className="font-medium text-neutral-900">{review.display_name}</span>
        <span className="text-sm text-neutral-500">{formatDay(review.created_at, i18n.language)}</span>
        {meta}
      </div>
      {review.text && <p className="whitespace-pre-wrap break-words text-neutral-800">{review.text}</p>}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-primary-500"
              >
                <img
                  src={photo.thumb_url}
                  alt={t('list.photo', { n: index + 1, name: review.display_name })}
                  className="h-24 w-18 rounded-lg object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.answer && (
        <div className="rounded-lg border-s-4 border-primary-300 bg-primary-50 p-3">
          <p className="text-sm font-medium text-primary-800">{answerLabel}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-neutral-800">{review.answer}</p>
        </div>
      )}
    </div>
  );
}
