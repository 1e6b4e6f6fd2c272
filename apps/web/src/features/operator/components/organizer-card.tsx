import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, Modal, toast } from '@tourdesk/ui';
import type { OrganizerCard as Card } from '@tourdesk/contract/api/operator-console';
import { apiErrorText } from '../../../lib/form-errors';
import { openVerificationDocument, useOrganizerCard } from '../api/console-api';

const useFormat = () => {
  const { i18n } = useTranslation();
  return {
    date: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    money: (minor: number, currency: string) =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(minor / 100),
  };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-neutral-900">{title}</h3>
      {children}
    </section>
  );
}

function Rows({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (!items.length) return <p className="text-sm text-neutral-500">{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-100 rounded-md border border-neutral-200 text-sm">
      {items.map((item, i) => (
        <li key={i} className="px-3 py-2">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Opens the submitted document (moderator and admin): fetched with the operator's header. */
export function DocumentLink({ url }: { url: string }) {
  const { t } = useTranslation('operator');
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void openVerificationDocument(url).catch(() => toast.error(t('verification.openFailed')))}
    >
      {t('verification.open')}
    </Button>
  );
}

function CardBody({ card, canOpenDocument }: { card: Card; canOpenDocument: boolean }) {
  const { t } = useTranslation('operator');
  const f = useFormat();
  const o = card.organizer;
  const s = card.submission;
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('card.profile')}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-500">{t('card.since')}</dt>
          <dd>{f.date(o.created_at)}</dd>
          <dt className="text-neutral-500">{t('card.verification')}</dt>
          <dd>
            {t(`card.statuses.${o.verification_status}`)}
            {o.verification_reason ? ` — ${o.verification_reason}` : ''}
          </dd>
          <dt className="text-neutral-500">{t('card.commission')}</dt>
          <dd>{o.commission_percent}%</dd>
          {Object.entries(o.details).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-neutral-500">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
          <dt className="text-neutral-500">{t('card.sites')}</dt>
          <dd>{o.sites.map((x) => `${x.name} (${t(`card.siteStatuses.${x.status}`)})`).join(', ') || '—'}</dd>
        </dl>
      </Section>
      <Section title={t('card.history')}>
        {s ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              {s.full_name} · {t(`verification.documentTypes.${s.document_type}`, { defaultValue: s.document_type })}{' '}
              {s.document_number}
              {s.submitted_at ? ` · ${f.date(s.submitted_at)}` : ''}
            </span>
            {s.document_url && canOpenDocument ? <DocumentLink url={s.document_url} /> : null}
          </div>
        ) : null}
        <Rows
          empty={t('card.noHistory')}
          items={card.verification_history.map((h) => (
            <span>
              {f.date(h.created_at)} · {t(`audit.actions.${h.action.replace(/\./g, '_')}`)} · {h.operator_name}
              {h.reason ? ` — ${h.reason}` : ''}
            </span>
          ))}
        />
      </Section>
      <Section title={t('card.tours')}>
        <Rows
          empty={t('card.none')}
          items={card.tours.map((x) => (
            <span>
              {x.name || `#${x.id}`} · {x.status}
            </span>
          ))}
        />
      </Section>
      <Section title={t('card.requests')}>
        <Rows
          empty={t('card.none')}
          items={card.requests.map((r) => (
            <span>
              #{r.id} · {f.date(r.created_at)} · {r.customer_name || '—'} · {r.tour_name ?? '—'} ·{' '}
              {t('card.people', { count: r.tourists_count })} · {f.money(r.total_minor, r.currency)}
            </span>
          ))}
        />
      </Section>
      <Section title={t('card.chats')}>
        <Rows
          empty={t('card.none')}
          items={card.chats.map((c) => (
            <span>
              {c.kind === 'support' ? t('card.supportChat', { site: c.title }) : c.title} · {f.date(c.updated_at)}
              {c.is_frozen ? ` · ${t('card.frozen')}` : ''}
              {c.last_text ? <span className="block truncate text-neutral-500">{c.last_text}</span> : null}
            </span>
          ))}
        />
      </Section>
    </div>
  );
}

/** The organizer's card (issue 30): read-only, every open logged by the server. */
export function OrganizerCardModal({
  organizerId,
  canOpenDocument,
  onClose,
}: {
  organizerId: number;
  canOpenDocument: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operator');
  const query = useOrganizerCard(organizerId);
  return (
    <Modal
      open
      width="viewer"
      onOpenChange={(open) => !open && onClose()}
      title={query.data ? query.data.organizer.name : t('card.title')}
      description={t('card.readOnly')}
    >
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <p role="alert">{apiErrorText(query.error, t)}</p>
      ) : (
        <CardBody card={query.data} canOpenDocument={canOpenDocument} />
      )}
    </Modal>
  );
}
