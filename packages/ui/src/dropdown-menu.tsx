import type { ReactElement, ReactNode } from 'react';
import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import { cn } from './cn';
import { DROPDOWN_ARROW_PADDING, DROPDOWN_EDGE_PADDING } from './constants';

export interface DropdownMenuItem {
  label: ReactNode;
  onSelect?: () => void;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Stable key; defaults to the index. */
  key?: string;
}

export interface DropdownMenuProps {
  /** The element that opens the menu (a button). */
  trigger: ReactElement;
  items?: DropdownMenuItem[];
  /** Custom content instead of items. */
  children?: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  arrow?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

export const dropdownContentClassName =
  'z-50 min-w-44 rounded-xl border border-neutral-200 bg-surface-raised p-1 text-sm text-neutral-900 shadow-lg animate-pop-in data-[state=closed]:animate-fade-out';

/** A menu on Radix DropdownMenu: edge padding 8, arrow padding 12. */
export function DropdownMenu({
  trigger,
  items = [],
  children,
  align = 'start',
  side = 'bottom',
  arrow = false,
  open,
  onOpenChange,
  className,
}: DropdownMenuProps) {
  return (
    <RadixDropdownMenu.Root {...(open !== undefined ? { open } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      <RadixDropdownMenu.Trigger asChild>{trigger}</RadixDropdownMenu.Trigger>
      <RadixDropdownMenu.Portal>
        <RadixDropdownMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={DROPDOWN_EDGE_PADDING}
          arrowPadding={DROPDOWN_ARROW_PADDING}
          className={cn(dropdownContentClassName, className)}
        >
          {items.map((item, index) => (
            <RadixDropdownMenu.Item
              key={item.key ?? index}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-neutral-100',
                item.danger && 'text-danger-600',
              )}
            >
              {item.icon && <span aria-hidden="true">{item.icon}</span>}
              {item.label}
            </RadixDropdownMenu.Item>
          ))}
          {children}
          {arrow && <RadixDropdownMenu.Arrow className="fill-surface-raised" />}
        </RadixDropdownMenu.Content>
      </RadixDropdownMenu.Portal>
    </RadixDropdownMenu.Root>
  );
}

export const DropdownMenuRoot = RadixDropdownMenu.Root;
export const DropdownMenuTrigger = RadixDropdownMenu.Trigger;
export const DropdownMenuContent = RadixDropdownMenu.Content;
export const DropdownMenuItemPrimitive = RadixDropdownMenu.Item;
export const DropdownMenuSeparator = RadixDropdownMenu.Separator;
export const DropdownMenuLabel = RadixDropdownMenu.Label;
