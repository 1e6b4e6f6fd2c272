import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-4 py-10 text-center', className)}>
      {icon && (
        <div className="mb-2 text-neutral-400" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="text-base font-semibold text-neutral-900">{title}</p>
      {text && <p className="max-w-md text-sm text-neutral-600">{text}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
