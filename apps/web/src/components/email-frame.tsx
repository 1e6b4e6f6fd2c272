import { useMemo } from 'react';
import { cn } from '@tourdesk/ui';
import { travellerMessageRoutes } from '@tourdesk/contract/api/traveller-message-routes';

const OPENED_PATH = travellerMessageRoutes.opened.path;

/**
 * The e-mail without the image that tells the server its reader opened it: the provider looking
 * at a sent message must not mark it opened for the traveller.
 */
export const withoutOpenedImage = (html: string): string => {
  if (!html.includes(OPENED_PATH)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const img of Array.from(doc.images)) if ((img.getAttribute('src') ?? '').includes(OPENED_PATH)) img.remove();
  return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
};

/**
 * An HTML e-mail as its reader sees it, inside a sandboxed frame: `sandbox=""` runs no script,
 * submits no form and gives the document an opaque origin, so markup that came from a template
 * (or a tourist's name inside it) can never reach the app, its cookies or its token.
 */
export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  const shown = useMemo(() => withoutOpenedImage(html), [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={shown}
      referrerPolicy="no-referrer"
      className={cn('h-[28rem] w-full rounded-lg border border-neutral-200 bg-white', className)}
    />
  );
}
