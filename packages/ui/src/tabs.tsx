import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from './cn';

export const TabsRoot = RadixTabs.Root;

export const TabsList = forwardRef<ElementRef<typeof RadixTabs.List>, ComponentPropsWithoutRef<typeof RadixTabs.List>>(function TabsList({ className, ...rest }, ref) {
  return <RadixTabs.List ref={ref} className={cn('flex gap-1 overflow-x-auto border-b border-neutral-200', className)} {...rest} />;
});

export const TabsTrigger = forwardRef<ElementRef<typeof RadixTabs.Trigger>, ComponentPropsWithoutRef<typeof RadixTabs.Trigger>>(function TabsTrigger({ className, ...rest }, ref) {
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900',
        'focus-visible:outline-2 focus-visible:outline-primary-500 data-[state=active]:border-primary-600 data-[state=active]:text-primary-700',
        'disabled:opacity-50 dark:data-[state=active]:text-primary-300',
        className,
      )}
      {...rest}
    />
  );
});

export const TabsContent = forwardRef<ElementRef<typeof RadixTabs.Content>, ComponentPropsWithoutRef<typeof RadixTabs.Content>>(function TabsContent({ className, ...rest }, ref) {
  return <RadixTabs.Content ref={ref} className={cn('pt-4 focus-visible:outline-2 focus-visible:outline-primary-500', className)} {...rest} />;
});

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

/** Tabs from a list of items; arrow keys move between tabs (Radix). */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <TabsRoot
      className={className}
      {...(value !== undefined ? { value } : {})}
      defaultValue={defaultValue ?? items[0]?.value}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <TabsList aria-label={label}>
        {items.map((item) => (
          <TabsTrigger key={item.value} value={item.value} disabled={item.disabled}>
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {items.map((item) => (
        <TabsContent key={item.value} value={item.value}>
          {item.content}
        </TabsContent>
      ))}
    </TabsRoot>
  );
}
