import { useTranslation } from 'react-i18next';
import { Card } from '@tourdesk/ui';
import { Mail, Phone } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';

/** Who booked and how to reach them, and their comment. */
export function CustomerCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const email = request.customer_email.trim();
  const phone = request.customer_phone.trim();
  return (
    <Card title={t('request.customer.title')}>
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-medium text-neutral-900">{request.customer_name || t('request.customer.noName')}</p>
        {email && (
          <a
            href={`mailto:${email}`}
            className="inline-flex items-center gap-2 break-all text-primary-700 hover:underline"
          >
            <Mail size={15} aria-hidden="true" className="shrink-0" />
            {email}
          </a>
        )}
        {phone && (
          <a
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex items-center gap-2 text-primary-700 hover:underline"
          >
            <Phone size={15} aria-hidden="true" className="shrink-0" />
            {phone}
          </a>
        )}
        {!email && !phone && <p className="text-neutral-500">{t('request.customer.noContacts')}</p>}
        {request.comment.trim() && (
          <div className="mt-2 rounded-lg bg-neutral-50 px-3 py-2">
            <p className="text-xs font-medium tracking-wide text-neutral-500 uppercase">
              {t('request.customer.comment')}
            </p>
            <p className="mt-1 whitespace-pre-line text-neutral-800">{request.comment}</p>
          </div>
        )}
      </div>
    </Card>
  );
}
