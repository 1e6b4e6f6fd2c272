import { Slider as RadixSlider } from 'radix-ui';
import { cn } from './cn';
import { SLIDER_DEFAULTS } from './constants';

interface SliderBaseProps {
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** Accessible name (one per thumb for a range). */
  label: string | [string, string];
  className?: string;
  showValue?: boolean;
}

export interface SingleSliderProps extends SliderBaseProps {
  value: number;
  onChange: (value: number) => void;
}
export interface RangeSliderProps extends SliderBaseProps {
  value: [number, number];
  onChange: (value: [number, number]) => void;
}
export type SliderProps = SingleSliderProps | RangeSliderProps;

/** A slider (Radix) with min 0, max 100, step 1 by default; one value or a range. */
export function Slider({
  min = SLIDER_DEFAULTS.min,
  max = SLIDER_DEFAULTS.max,
  step = SLIDER_DEFAULTS.step,
  disabled,
  label,
  className,
  showValue,
  ...props
}: SliderProps) {
  const values = Array.isArray(props.value) ? props.value : [props.value];
  const labels = Array.isArray(label) ? label : [label];
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <RadixSlider.Root
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={values}
        onValueChange={(next) => {
          if (Array.isArray(props.value))
            (props.onChange as (v: [number, number]) => void)([next[0] ?? min, next[1] ?? max]);
          else (props.onChange as (v: number) => void)(next[0] ?? min);
        }}
        className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
      >
        <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-neutral-200">
          <RadixSlider.Range className="absolute h-full bg-primary-600" />
        </RadixSlider.Track>
        {values.map((_, index) => (
          <RadixSlider.Thumb
            key={index}
            aria-label={labels[index] ?? labels[0]}
            className="block size-5 rounded-full border-2 border-primary-600 bg-surface shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          />
        ))}
      </RadixSlider.Root>
      {showValue && (
        <output className="min-w-10 text-end text-sm text-neutral-700 tabular-nums">{values.join('–')}</output>
      )}
    </div>
  );
}
