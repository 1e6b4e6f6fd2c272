import { useCallback, useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Dialog } from 'radix-ui';
import { cn } from './cn';
import {
  MODAL_CLOSE_WAIT,
  MODAL_DEFAULT_WIDTH,
  MODAL_SHAKE_DURATION,
  MODAL_WIDTHS,
  SWIPE_DOWN_TO_CLOSE,
  type ModalWidthName,
} from './constants';
import { useUiTexts } from './i18n';
import { CloseIcon } from './close-icon';
import { useDelayedUnmount } from './use-delayed-unmount';

export type ModalWidth = number | ModalWidthName;

/** The width in px of a named or numeric modal width; 500 when not given. */
export function resolveModalWidth(width?: ModalWidth): number {
  if (width === undefined) return MODAL_DEFAULT_WIDTH;
  return typeof width === 'number' ? width : MODAL_WIDTHS[width];
}

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  width?: ModalWidth;
  /** A persistent modal shakes instead of closing on a backdrop click or Escape. */
  persistent?: boolean;
  /** Hide the close (×) button. */
  hideClose?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A dialog on Radix Dialog: focus trapped and restored, 300 ms close animation,
 * swipe down over 150 px closes it on touch screens.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  width,
  persistent = false,
  hideClose = false,
  footer,
  children,
  className,
}: ModalProps) {
  const { t } = useUiTexts();
  const mounted = useDelayedUnmount(open, MODAL_CLOSE_WAIT);
  const [shaking, setShaking] = useState(false);
  const shakeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchStartY = useRef<number | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [dragY, setDragY] = useState(0);
  const [entered, setEntered] = useState(false);
  if (!mounted && entered) setEntered(false);

  useEffect(() => () => clearTimeout(shakeTimer.current), []);

  const shake = useCallback(() => {
    clearTimeout(shakeTimer.current);
    setShaking(false);
    // Restart the animation on the next frame even if it is already running.
    requestAnimationFrame(() => setShaking(true));
    shakeTimer.current = setTimeout(() => setShaking(false), MODAL_SHAKE_DURATION + 50);
  }, []);

  const requestClose = useCallback(() => {
    if (persistent) shake();
    else onOpenChange(false);
  }, [persistent, shake, onOpenChange]);

  const onTouchStart = (event: TouchEvent) => {
    touchStartY.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (touchStartY.current === null) return;
    const y = event.touches[0]?.clientY ?? touchStartY.current;
    setDragY(Math.max(0, y - touchStartY.current));
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartY.current;
    touchStartY.current = null;
    setDragY(0);
    if (start === null) return;
    const end = event.changedTouches[0]?.clientY ?? start;
    if (end - start > SWIPE_DOWN_TO_CLOSE) requestClose();
  };

  const closing = mounted && !open;
  const px = resolveModalWidth(width);

  return (
    <Dialog.Root
      open={mounted}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else requestClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn('fixed inset-0 z-50 bg-overlay', closing ? 'animate-fade-out' : 'animate-fade-in')}
          data-closing={closing || undefined}
          data-testid="modal-overlay"
        />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <Dialog.Content
            className={cn(
              'pointer-events-auto relative flex max-h-[100dvh] w-full flex-col rounded-t-2xl bg-surface-raised text-neutral-900 shadow-xl outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl',
              // One animation at a time: the shake must win over the entry animation.
              closing ? 'animate-modal-out' : shaking ? 'animate-shake' : !entered && 'animate-modal-in',
              className,
            )}
            style={{ maxWidth: px, transform: dragY ? `translateY(${dragY}px)` : undefined }}
            data-width={px}
            data-persistent={persistent || undefined}
            data-shaking={shaking || undefined}
            data-closing={closing || undefined}
            onOpenAutoFocus={() => {
              // Radix returns focus to a Dialog.Trigger; we have none, so remember the opener.
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }}
            onEscapeKeyDown={(event) => {
              event.preventDefault();
              requestClose();
            }}
            onPointerDownOutside={(event) => {
              event.preventDefault();
              requestClose();
            }}
            onInteractOutside={(event) => event.preventDefault()}
            onAnimationEnd={(event) => {
              if (event.animationName === 'ui-modal-in') setEntered(true);
            }}
            onTouchStart={onTouchStart}
            onTouchMove={onTouchMove}
            onTouchEnd={onTouchEnd}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="flex items-start gap-4 px-6 pt-5 pb-3">
              <div className="min-w-0 flex-1">
                <Dialog.Title className="text-lg font-semibold text-neutral-900">{title}</Dialog.Title>
                {description && (
                  <Dialog.Description className="mt-1 text-sm text-neutral-600">{description}</Dialog.Description>
                )}
              </div>
              {!hideClose && (
                <Dialog.Close
                  className="-me-2 flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500"
                  aria-label={t('close')}
                  onClick={(event) => {
                    // Explicit close always closes, even a persistent modal.
                    event.preventDefault();
                    onOpenChange(false);
                  }}
                >
                  <CloseIcon />
                </Dialog.Close>
              )}
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-5">{children}</div>
            {footer && (
              <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-6 py-4">{footer}</div>
            )}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
