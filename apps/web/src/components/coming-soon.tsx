import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, EmptyState } from '@tourdesk/ui';
import { Sparkles } from 'lucide-react';

/** A screen that a later release fills: its title and an honest "coming" empty state. */
export function ComingSoon({
  title,
  text,
  icon,
  action,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const body = (
    <EmptyState
      icon={
        <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
          {icon ?? <Sparkles size={28} strokeWidth={1.75} />}
        </span>
      }
      title={
        <span className="inline-flex items-center gap-2">
          <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-primary-700 uppercase ring-1 ring-primary-100">
            {t('coming.badge')}
          </span>
        </span>
      }
      text={
        <>
          <span className="block">{text}</span>
          <span className="mt-1 block text-neutral-500">{t('coming.text')}</span>
        </>
      }
      action={action}
    />
  );
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={title} />
      <Card className="py-8">{body}</Card>
    </section>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-neutral-900 sm:text-[1.75rem]">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-neutral-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}
