import { useTranslation } from 'react-i18next';
import { Avatar, DropdownMenu, cn } from '@tourdesk/ui';
import { Check, ChevronsUpDown } from 'lucide-react';
import type { OrganizerSummary } from '@tourdesk/contract/entities/organizer';

export interface OrganizerSwitcherProps {
  organizers: readonly OrganizerSummary[];
  activeId: number | null;
  onSelect: (id: number) => void;
}

/** The active organizer; a menu to switch when the user has several (SPEC §6). */
export function OrganizerSwitcher({ organizers, activeId, onSelect }: OrganizerSwitcherProps) {
  const { t } = useTranslation();
  const active = organizers.find((o) => o.id === activeId) ?? organizers[0];
  if (!active) return null;
  const card = (
    <>
      {/* the name is said once, by the text beside the picture */}
      <span aria-hidden="true" className="contents">
        <Avatar name={active.name} src={active.logo ?? undefined} size={36} />
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="block truncate text-sm font-semibold text-neutral-900">{active.name}</span>
        <span className="block truncate text-xs text-neutral-500">
          {t('user.organizersCount', { count: organizers.length })}
        </span>
      </span>
    </>
  );
  if (organizers.length < 2) {
    return (
      <div
        className="flex items-center gap-3 rounded-xl border border-neutral-200 bg-surface px-3 py-2.5"
        aria-label={t('user.activeOrganizer')}
        role="group"
      >
        {card}
      </div>
    );
  }
  return (
    <DropdownMenu
      align="start"
      className="w-64"
      trigger={
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-xl border border-neutral-200 bg-surface px-3 py-2.5 text-left transition-colors hover:border-primary-300 hover:bg-primary-50/40 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <span className="sr-only">{t('user.switchOrganizer')}:</span> {card}
          <ChevronsUpDown size={16} className="shrink-0 text-neutral-400" aria-hidden="true" />
        </button>
      }
      items={organizers.map((o) => ({
        key: String(o.id),
        label: (
          <span
            className={cn(
              'flex min-w-0 flex-1 items-center justify-between gap-2',
              o.id === active.id && 'font-semibold',
            )}
          >
            <span className="truncate">{o.name}</span>
            {o.id === active.id && <Check size={16} className="text-primary-600" aria-hidden="true" />}
          </span>
        ),
        icon: <Avatar name={o.name} src={o.logo ?? undefined} size={24} />,
        onSelect: () => onSelect(o.id),
      }))}
    />
  );
}
