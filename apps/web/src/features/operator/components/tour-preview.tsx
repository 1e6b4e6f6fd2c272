import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, Modal } from '@tourdesk/ui';
import { useTourPreview } from '../api/console-api';

/**
 * The tour as its page on the provider's site would show it (issue 30), in either language: the
 * server's render in a sandboxed frame where nothing runs.
 */
function TourPreviewModal({ tourId, name, onClose }: { tourId: number; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('operator');
  const [lang, setLang] = useState<'en' | 'ru'>(i18n.language === 'ru' ? 'ru' : 'en');
  const query = useTourPreview(tourId, lang);
  return (
    <Modal
      open
      width="viewer"
      onOpenChange={(open) => !open && onClose()}
      title={name}
      description={t('tour.previewHint')}
    >
      <div role="group" aria-label={t('tour.previewLanguage')} className="mb-3 flex gap-2">
        {(['en', 'ru'] as const).map((l) => (
          <Button
            key={l}
            size="sm"
            variant={l === lang ? 'primary' : 'secondary'}
            aria-pressed={l === lang}
            onClick={() => setLang(l)}
          >
            {l === 'en' ? 'English' : 'Русский'}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <p role="alert">{t('tour.previewError')}</p>
      ) : (
        <iframe
          title={t('tour.previewFrame', { name })}
          // same origin for its stylesheets and fonts; no scripts, forms or navigation of the console
          sandbox="allow-same-origin"
          srcDoc={query.data}
          className="h-[70vh] w-full rounded-lg border border-neutral-200 bg-white"
        />
      )}
    </Modal>
  );
}

export function TourPreviewButton({ tourId, name }: { tourId: number; name: string }) {
  const { t } = useTranslation('operator');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" aria-label={`${t('tour.preview')}: ${name}`} onClick={() => setOpen(true)}>
        {t('tour.preview')}
      </Button>
      {open ? <TourPreviewModal tourId={tourId} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
