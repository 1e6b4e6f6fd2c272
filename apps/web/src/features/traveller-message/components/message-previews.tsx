import { useTranslation } from 'react-i18next';
import { Spinner } from '@tourdesk/ui';
import { TRAVELLER_MESSAGE_KINDS, type TravellerMessageKind } from '@tourdesk/contract/api/traveller-message-routes';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import type { Language } from '@tourdesk/contract/entities/user';
import { EmailFrame } from '../../../components/email-frame';
import { useTravellerMessagePreview } from '../api/traveller-message-preview';

function Preview({ organizerId, kind, lang }: { organizerId: number; kind: TravellerMessageKind; lang: Language }) {
  const { t } = useTranslation('messages');
  const preview = useTravellerMessagePreview(organizerId, kind, lang);
  const title = t('debug.frameTitle', { name: t(`kinds.${kind}.name`), language: t(`languages.${lang}`) });
  return (
    <figure className="flex min-w-0 flex-col gap-2" lang={lang}>
      <figcaption className="text-sm">
        <span className="font-medium text-neutral-500">{t(`languages.${lang}`)}</span>
        {preview.data && (
          <span className="mt-0.5 block font-semibold break-words text-neutral-900">{preview.data.subject}</span>
        )}
      </figcaption>
      {preview.isPending ? (
        <Spinner size={20} className="text-primary-600" />
      ) : preview.isError ? (
        <p className="text-sm text-danger-700" role="alert">
          {t('editor.previewFailed')}
        </p>
      ) : (
        <EmailFrame html={preview.data.html} title={title} className="h-[32rem]" />
      )}
    </figure>
  );
}

/** Each kind of traveller message rendered in en and ru for one organizer (the preview API), side by side. */
export function MessagePreviews({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('messages');
  return (
    <div className="flex flex-col gap-8">
      {TRAVELLER_MESSAGE_KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`preview-${kind}`} className="flex flex-col gap-3">
          <div>
            <h3 id={`preview-${kind}`} className="text-base font-semibold text-neutral-900">
              {t(`kinds.${kind}.name`)}
            </h3>
            <p className="text-sm text-neutral-600">{t(`kinds.${kind}.text`)}</p>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {LANGUAGES.map((lang) => (
              <Preview key={lang} organizerId={organizerId} kind={kind} lang={lang} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
