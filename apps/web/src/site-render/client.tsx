import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { AppHeaderBlock } from './blocks/app-header';
import type { CheckoutIslandProps } from './checkout';
import { DatesBlock } from './blocks/dates';
import { GalleryBlock } from './blocks/gallery';
import { InIsland, type IslandName } from './island';
import { VideoFacadeView, type VideoFacadeProps } from './shared';
import { contextOf, type SiteIslandState, type SiteRenderContext } from './types';

type BlockIslandProps = { block: TypedSiteBlock; h1?: boolean };
type AnyBlock = ComponentType<{ block: TypedSiteBlock; ctx: SiteRenderContext }>;

type Render = (props: never, ctx: SiteRenderContext) => React.ReactElement;

/** Each island's component, with the props its mark carries (island.tsx). */
const ISLANDS: Record<Exclude<IslandName, 'checkout'>, Render> = {
  app_header: ({ block }: BlockIslandProps, ctx) => <AppHeaderBlock block={block as never} ctx={ctx} />,
  gallery: ({ block, h1 }: BlockIslandProps, ctx) => {
    const Gallery = GalleryBlock as AnyBlock;
    return <Gallery block={block} ctx={{ ...ctx, h1BlockId: h1 ? block.id : null }} />;
  },
  dates: ({ block, h1 }: BlockIslandProps, ctx) => {
    const Dates = DatesBlock as AnyBlock;
    return <Dates block={block} ctx={{ ...ctx, h1BlockId: h1 ? block.id : null }} />;
  },
  video: (props: Omit<VideoFacadeProps, 'ctx'>, ctx) => <VideoFacadeView {...props} ctx={ctx} />,
};

/** Islands of one page only, downloaded there: the checkout is the booking page's JS (issue 27), not every page's. */
const LAZY_ISLANDS: Record<'checkout', () => Promise<Render>> = {
  checkout: () =>
    import('./checkout').then(({ CheckoutIsland }) => (props: CheckoutIslandProps, ctx: SiteRenderContext) => (
      <CheckoutIsland {...props} ctx={ctx} />
    )),
};

/**
 * Hydrates the interactive parts of the server-rendered page, each on its own (island.tsx), from
 * the context the server embedded (#site-state) and the props on each mark. The same components
 * with the same data, so the markup matches; the rest of the page stays the server's HTML.
 */
export const hydrateSite = async (doc: Document = document): Promise<Root[]> => {
  const stateText = doc.getElementById('site-state')?.textContent;
  if (!stateText) return [];
  const ctx = contextOf(JSON.parse(stateText) as SiteIslandState);
  const hydrate = (el: HTMLElement, render: Render): Root =>
    hydrateRoot(
      el,
      <InIsland.Provider value>{render(JSON.parse(el.dataset.props ?? '{}') as never, ctx)}</InIsland.Provider>,
    );
  const roots: Root[] = [];
  const later: Promise<Root>[] = [];
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island as IslandName;
    if (name in ISLANDS) roots.push(hydrate(el, ISLANDS[name as keyof typeof ISLANDS]));
    else if (name in LAZY_ISLANDS)
      later.push(LAZY_ISLANDS[name as keyof typeof LAZY_ISLANDS]().then((r) => hydrate(el, r)));
  }
  return [...roots, ...(await Promise.all(later))];
};
