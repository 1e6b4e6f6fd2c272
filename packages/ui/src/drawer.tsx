import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { cn } from './cn';
import { CLOSE_ANIMATION_WAIT } from './constants';
import { useUiTexts } from './i18n';
import { CloseIcon } from './close-icon';
import { useDelayedUnmount } from './use-delayed-unmount';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  side?: 'right' | 'left';
  /** Width in px on wide screens; full width on phones. */
  width?: number;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A side panel on Radix Dialog: focus trapped and restored, 300 ms close animation. */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  side = 'right',
  width = 480,
  footer,
  children,
  className,
}: DrawerProps) {
  const { t } = useUiTexts();
  const mounted = useDelayedUnmount(open, CLOSE_ANIMATION_WAIT);
  const closing = mounted && !open;
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={mounted} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn('fixed inset-0 z-50 bg-overlay', closing ? 'animate-fade-out' : 'animate-fade-in')}
        />
        <Dialog.Content
          className={cn(
            'fixed inset-y-0 z-50 flex w-full flex-col bg-surface-raised text-neutral-900 shadow-2xl outline-none',
            side === 'right' ? 'right-0' : 'left-0',
            closing ? 'animate-drawer-out' : 'animate-drawer-in',
            side === 'left' && '[animation-direction:reverse]',
            className,
          )}
          style={{ maxWidth: width }}
          data-closing={closing || undefined}
          data-side={side}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-4 border-b border-neutral-200 px-6 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-neutral-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="-me-2 flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500"
              aria-label={t('close')}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-6 py-4">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
