import { useState } from 'react';
import { AVATAR_DEFAULT_SIZE, AVATAR_MAX_INITIALS, AVATAR_VARIANTS } from './constants';
import { cn } from './cn';

/** Up to two initials: first letters of the first two words. */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, AVATAR_MAX_INITIALS)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A colour variant 0–4 chosen stably from the name. */
export function getAvatarVariant(name: string): number {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_VARIANTS;
}

const VARIANT_CLASSES = [
  'bg-primary-100 text-primary-800',
  'bg-success-100 text-success-800',
  'bg-warning-100 text-warning-800',
  'bg-danger-100 text-danger-800',
  'bg-neutral-200 text-neutral-800',
] as const;

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  className?: string;
}

/** An image when present, otherwise initials on a colour picked from the name. */
export function Avatar({ name, src, size = AVATAR_DEFAULT_SIZE, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const variant = getAvatarVariant(name);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold select-none',
        !showImage && VARIANT_CLASSES[variant],
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
      data-variant={variant}
      role="img"
      aria-label={name}
    >
      {showImage && src ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden="true">{getInitials(name)}</span>
      )}
    </span>
  );
}
