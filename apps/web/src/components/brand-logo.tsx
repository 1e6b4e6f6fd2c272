import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import { currentBrand } from '../brands/current-brand';

/** The build's brand: its SVG mark and name. */
export function BrandLogo({
  size = 36,
  withName = true,
  className,
  nameClassName,
}: {
  size?: number;
  withName?: boolean;
  className?: string;
  nameClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <img
        src={currentBrand.logo}
        width={size}
        height={size}
        alt={t('app.logo', { name: currentBrand.name })}
        className="shrink-0 rounded-[28%] shadow-sm"
      />
      {withName && (
        <span className={cn('text-lg font-semibold tracking-tight text-neutral-900', nameClassName)}>
          {currentBrand.name}
        </span>
      )}
    </span>
  );
}
