import { createContext, useContext, type ReactNode } from 'react';
import type { SiteRenderContext } from './types';

/**
 * The interactive parts of a public page (issue 25: "hydrated with only the interactive parts"):
 * the header's menu, the gallery's lightbox, the dates' "show more", a video's play button, the
 * booking page's checkout (issue 27). The
 * server renders the whole page; each of these is wrapped in an element carrying its name and
 * props, and the browser hydrates only those (client.tsx), with the same component, so the markup
 * matches. Every other block stays the server's HTML, with no JavaScript.
 */
export type IslandName = 'app_header' | 'gallery' | 'dates' | 'video' | 'checkout';

/** Inside an island: a nested one (a video in the gallery) is part of it, not one of its own. */
export const InIsland = createContext(false);

/** One island: `props` (JSON) are what the browser renders the same component with. */
export function Island({
  name,
  props,
  ctx,
  children,
}: {
  name: IslandName;
  props: object;
  ctx: SiteRenderContext;
  children: ReactNode;
}) {
  const inside = useContext(InIsland);
  // the editor's preview is React throughout: nothing to mark
  if (inside || ctx.editing) return children;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="site-island">
      <InIsland.Provider value>{children}</InIsland.Provider>
    </div>
  );
}
