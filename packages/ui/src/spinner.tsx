import { SPINNER_SIZE, SPINNER_STROKE } from './constants';
import { cn } from './cn';
import { useUiTexts } from './i18n';

export interface SpinnerProps {
  size?: number;
  stroke?: number;
  /** Accessible label; defaults to 'Loading...'. */
  label?: string;
  className?: string;
}

export function Spinner({ size = SPINNER_SIZE, stroke = SPINNER_STROKE, label, className }: SpinnerProps) {
  const { t } = useUiTexts();
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg
      role="status"
      aria-label={label ?? t('loading')}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      className={cn('inline-block shrink-0 animate-spin', className)}
      data-stroke={stroke}
    >
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeOpacity={0.25}
        strokeWidth={stroke}
      />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={`${circumference * 0.3} ${circumference}`}
      />
    </svg>
  );
}
