import type { ReactElement, ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { DROPDOWN_ARROW_PADDING, DROPDOWN_EDGE_PADDING } from './constants';

export interface TooltipProps {
  content: ReactNode;
  /** A focusable element (a button or link). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  delay?: number;
}

/** A tooltip shown on hover and on keyboard focus (Radix Tooltip). */
export function Tooltip({ content, children, side = 'top', delay = 300 }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delay}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={DROPDOWN_EDGE_PADDING}
            arrowPadding={DROPDOWN_ARROW_PADDING}
            className="z-50 max-w-xs rounded-lg bg-neutral-900 px-3 py-1.5 text-xs text-neutral-50 shadow animate-pop-in"
          >
            {content}
            <RadixTooltip.Arrow className="fill-neutral-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
