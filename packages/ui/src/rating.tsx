import { useId } from 'react';
import { cn } from './cn';
import { RATING_STARS } from './constants';
import { useUiTexts, type UiTextKey } from './i18n';

const LABEL_KEYS: UiTextKey[] = ['ratingTerrible', 'ratingPoor', 'ratingFair', 'ratingGood', 'ratingExcellent'];

export interface RatingProps {
  value: number;
  onChange?: (value: number) => void;
  readOnly?: boolean;
  size?: number;
  /** Accessible name of the group; default 'Rating'. */
  label?: string;
  className?: string;
}

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={filled ? 'text-warning-500' : 'text-neutral-300'}
    >
      <path
        fill="currentColor"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8L12 2.5z"
      />
    </svg>
  );
}

/** 5 stars labelled Terrible, Poor, Fair, Good, Excellent; read-only or editable (radio group). */
export function Rating({ value, onChange, readOnly = false, size = 24, label, className }: RatingProps) {
  const { t } = useUiTexts();
  const name = useId();
  const labels = LABEL_KEYS.map((key) => t(key));
  const rounded = Math.round(value);
  if (readOnly || !onChange) {
    const word = rounded >= 1 ? labels[Math.min(rounded, RATING_STARS) - 1] : undefined;
    return (
      <span
        role="img"
        aria-label={`${label ?? t('rating')}: ${value} / ${RATING_STARS}${word ? ` — ${word}` : ''}`}
        className={cn('inline-flex gap-0.5', className)}
      >
        {labels.map((text, index) => (
          <Star key={text} filled={index < rounded} size={size} />
        ))}
      </span>
    );
  }
  return (
    <fieldset className={cn('inline-flex border-0 p-0', className)}>
      <legend className="sr-only">{label ?? t('rating')}</legend>
      <div className="inline-flex gap-0.5">
        {labels.map((text, index) => {
          const starValue = index + 1;
          return (
            <label
              key={text}
              className="cursor-pointer rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500"
              title={text}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={starValue}
                checked={rounded === starValue}
                onChange={() => onChange(starValue)}
                aria-label={text}
              />
              <Star filled={starValue <= rounded} size={size} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
