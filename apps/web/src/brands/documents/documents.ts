import { CURRENT_AGREEMENT_VERSION } from '@tourdesk/contract/api/organizer-routes';

/**
 * The platform's legal documents (SPEC §2 /agreement/:version*, /privacy/:version*), shipped as
 * Markdown per brand: `documents/{brandId}/{kind}/{version}.{lang}.md` overrides
 * `documents/common/{kind}/{version}.{lang}.md`. `{brand}` in the text is the brand's name.
 */
export type DocumentKind = 'agreement' | 'privacy';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['agreement', 'privacy'];

/** The version an empty path shows. */
export const CURRENT_DOCUMENT_VERSION: Record<DocumentKind, string> = {
  agreement: CURRENT_AGREEMENT_VERSION,
  privacy: '2024-1',
};

const files = import.meta.glob<string>('./*/*/*.md', { query: '?raw', import: 'default' });

interface Entry {
  scope: string;
  kind: DocumentKind;
  version: string;
  lang: string;
  load: () => Promise<string>;
}

const ENTRIES: Entry[] = Object.entries(files).flatMap(([path, load]) => {
  const match = /^\.\/([^/]+)\/(agreement|privacy)\/([a-z0-9-]+)\.(en|ru)\.md$/.exec(path);
  return match
    ? [{ scope: match[1] ?? '', kind: match[2] as DocumentKind, version: match[3] ?? '', lang: match[4] ?? 'en', load }]
    : [];
});

const visible = (kind: DocumentKind, brandId: number): Entry[] =>
  ENTRIES.filter((e) => e.kind === kind && (e.scope === 'common' || e.scope === String(brandId)));

/** Versions of a document this brand ships, newest first (dated versions sort by their name). */
export const documentVersions = (kind: DocumentKind, brandId: number): string[] =>
  [...new Set(visible(kind, brandId).map((e) => e.version))].sort((a, b) => b.localeCompare(a));

export interface LoadedDocument {
  version: string;
  markdown: string;
}

/** The document for the route's splat ('' = current version); null when the brand has no such version. */
export const loadDocument = async (
  kind: DocumentKind,
  splat: string,
  brandId: number,
  brandName: string,
  lang: string,
): Promise<LoadedDocument | null> => {
  const version = splat.replace(/^\/+|\/+$/g, '') || CURRENT_DOCUMENT_VERSION[kind];
  const candidates = visible(kind, brandId).filter((e) => e.version === version);
  const pick = (l: string) =>
    candidates.find((e) => e.lang === l && e.scope === String(brandId)) ??
    candidates.find((e) => e.lang === l && e.scope === 'common');
  const entry = pick(lang) ?? pick('en');
  if (!entry) return null;
  const markdown = (await entry.load()).replaceAll('{brand}', brandName);
  return { version, markdown };
};
