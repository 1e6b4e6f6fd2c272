import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { LoadingState } from '@tourdesk/ui';
import { BRAND_ID, currentBrand } from '../../brands/current-brand';
import { documentVersions, loadDocument, type DocumentKind } from '../../brands/documents/documents';

const MARKDOWN_CLASS =
  'text-sm leading-relaxed text-neutral-800 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-neutral-900 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-neutral-900 [&_p]:my-3 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:ps-6 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:ps-6 [&_a]:text-primary-700 [&_a]:underline';

/** /agreement/:version* and /privacy/:version*: the brand's Markdown, rendered without raw HTML. */
function LegalDocument({ kind }: { kind: DocumentKind }) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'documents' });
  const splat = useParams()['*'] ?? '';
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const doc = useQuery({
    queryKey: ['document', kind, splat, lang],
    queryFn: () => loadDocument(kind, splat, BRAND_ID, currentBrand.name, lang),
    staleTime: Infinity,
  });
  const versions = documentVersions(kind, BRAND_ID);
  if (doc.isPending) return <LoadingState />;
  if (!doc.data) {
    return (
      <div className="text-center">
        <h1 className="mb-2 text-xl font-semibold text-neutral-900">{t('notFound')}</h1>
        <Link to={`/${kind}`} className="text-sm font-medium text-primary-700 hover:underline">
          {t('current')}
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-2xl">
      <div className={MARKDOWN_CLASS}>
        {/* react-markdown renders Markdown to React elements; raw HTML in the source is shown as text, never injected */}
        <Markdown skipHtml>{doc.data.markdown}</Markdown>
      </div>
      {versions.length > 1 && (
        <nav aria-label={t('versions')} className="mt-8 border-t border-neutral-200 pt-4 text-sm text-neutral-600">
          <span className="me-2">{t('versions')}:</span>
          {versions.map((v) => (
            <Link
              key={v}
              to={`/${kind}/${v}`}
              aria-current={v === doc.data?.version ? 'page' : undefined}
              className="me-3 font-medium text-primary-700 hover:underline aria-[current=page]:text-neutral-900 aria-[current=page]:no-underline"
            >
              {v}
            </Link>
          ))}
        </nav>
      )}
    </article>
  );
}

export function AgreementPage() {
  return <LegalDocument kind="agreement" />;
}

export function PrivacyPage() {
  return <LegalDocument kind="privacy" />;
}
