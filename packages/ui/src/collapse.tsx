import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { cn } from './cn';
import { CLOSE_ANIMATION_WAIT } from './constants';
import { ChevronIcon } from './close-icon';

export type CollapseState = 'collapsed' | 'expanding' | 'expanded' | 'collapsing';

/**
 * The collapse state machine: collapsed → expanding → expanded → collapsing → collapsed.
 * Expanding/collapsing last `duration` ms (the animation).
 */
export function useCollapseState(
  open: boolean,
  duration: number = CLOSE_ANIMATION_WAIT,
  onStateChange?: (state: CollapseState) => void,
): CollapseState {
  const [state, setState] = useState<CollapseState>(open ? 'expanded' : 'collapsed');
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    setPrevOpen(open);
    setState(open ? 'expanding' : 'collapsing');
  }
  const callback = useRef(onStateChange);
  useEffect(() => {
    callback.current = onStateChange;
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    callback.current?.(state);
  }, [state]);
  useEffect(() => {
    if (state !== 'expanding' && state !== 'collapsing') return;
    const timer = setTimeout(() => setState(state === 'expanding' ? 'expanded' : 'collapsed'), duration);
    return () => clearTimeout(timer);
  }, [state, duration]);
  return state;
}

export interface CollapseProps {
  /** The clickable header. */
  title: ReactNode;
  children: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called with each state: collapsed, expanding, expanded, collapsing. */
  onStateChange?: (state: CollapseState) => void;
  className?: string;
}

/** A collapsible section (Radix Collapsible) whose four states are exposed to callers. */
export function Collapse({
  title,
  children,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  onStateChange,
  className,
}: CollapseProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = openProp ?? uncontrolled;
  const state = useCollapseState(open, CLOSE_ANIMATION_WAIT, onStateChange);
  const contentId = useId();
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={(next) => {
        setUncontrolled(next);
        onOpenChange?.(next);
      }}
      className={cn('rounded-xl border border-neutral-200', className)}
      data-collapse-state={state}
    >
      <Collapsible.Trigger
        aria-controls={contentId}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-start text-sm font-medium text-neutral-900 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        {title}
        <span className={cn('transition-transform duration-300', open && 'rotate-180')}>
          <ChevronIcon />
        </span>
      </Collapsible.Trigger>
      <Collapsible.Content
        id={contentId}
        className="overflow-hidden data-[state=closed]:animate-collapse-up data-[state=open]:animate-collapse-down"
      >
        <div className="px-4 pb-4 text-sm text-neutral-700">{children}</div>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
