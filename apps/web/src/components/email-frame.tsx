import { cn } from '@tourdesk/ui';

/**
 * An HTML e-mail as its reader sees it, inside a sandboxed frame: `sandbox=""` runs no script,
 * submits no form and gives the document an opaque origin, so markup that came from a template
 * (or a tourist's name inside it) can never reach the app, its cookies or its token.
 */
export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      className={cn('h-[28rem] w-full rounded-lg border border-neutral-200 bg-white', className)}
    />
  );
}
