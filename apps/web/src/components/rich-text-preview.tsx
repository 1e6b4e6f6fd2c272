import { createElement, Fragment, type ReactNode } from 'react';

/** How an edited rich text reads (headings, paragraphs, lists, tables). */
export const DOCUMENT_CLASS =
  'text-sm leading-relaxed text-neutral-900 [&_h1]:mb-3 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_table]:my-2 [&_td]:border [&_td]:border-neutral-300 [&_td]:px-2';

/** The tags the rich-text editor writes; anything else shows as its text. */
const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'br',
  'blockquote',
  'code',
  's',
]);

const toReact = (node: Node, key: number): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  const children = Array.from(node.childNodes).map(toReact);
  return TAGS.has(tag)
    ? createElement(tag, { key }, ...(tag === 'br' ? [] : children))
    : createElement(Fragment, { key }, ...children);
};

/**
 * A rich text (HTML) shown as React elements of the editor's tags, without the editor: parsed in
 * an inert document (nothing runs, nothing loads), attributes dropped.
 */
export function RichTextPreview({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <>{Array.from(body.childNodes).map(toReact)}</>;
}
