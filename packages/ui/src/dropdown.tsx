import type { ReactElement, ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { cn } from './cn';
import { DROPDOWN_ARROW_PADDING, DROPDOWN_EDGE_PADDING } from './constants';

export interface DropdownProps {
  /** The element that opens the dropdown (a button). */
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  arrow?: boolean;
  /** Accessible name of the panel. */
  label?: string;
  className?: string;
}

/** A floating panel (Radix Popover): edge padding 8, arrow padding 12, closes on Escape and outside click. */
export function Dropdown({
  trigger,
  children,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'start',
  arrow = true,
  label,
  className,
}: DropdownProps) {
  return (
    <Popover.Root {...(open !== undefined ? { open } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={DROPDOWN_EDGE_PADDING}
          arrowPadding={DROPDOWN_ARROW_PADDING}
          aria-label={label}
          className={cn(
            'z-50 max-w-[calc(100vw-16px)] rounded-xl border border-neutral-200 bg-surface-raised p-4 text-sm text-neutral-900 shadow-lg animate-pop-in focus-visible:outline-none',
            className,
          )}
        >
          {children}
          {arrow && <Popover.Arrow className="fill-surface-raised" width={14} height={7} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
