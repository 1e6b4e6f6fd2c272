import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { AppHeaderBlock } from './blocks/app-header';
import { CheckoutIsland, type CheckoutIslandProps } from './checkout';
import { DatesBlock } from './blocks/dates';
import { GalleryBlock } from './blocks/gallery';
import { InIsland, type IslandName } from './island';
import { VideoFacadeView, type VideoFacadeProps } from './shared';
import { contextOf, type SiteIslandState, type SiteRenderContext } from './types';

type BlockIslandProps = { block: TypedSiteBlock; h1?: boolean };
type AnyBlock = ComponentType<{ block: TypedSiteBlock; ctx: SiteRenderContext }>;

/** Each island's component, with the props its mark carries (island.tsx). */
const ISLANDS: Record<IslandName, (props: never, ctx: SiteRenderContext) => React.ReactElement> = {
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
  checkout: (props: CheckoutIslandProps, ctx) => <CheckoutIsland {...props} ctx={ctx} />,
};

/**
 * Hydrates the interactive parts of the server-rendered page, each on its own (island.tsx), from
 * the context the server embedded (#site-state) and the props on each mark. The same components
 * with the same data, so the markup matches; the rest of the page stays the server's HTML.
 */
export const hydrateSite = (doc: Document = document): Root[] => {
  const stateText = doc.getElementById('site-state')?.textContent;
  if (!stateText) return [];
  const ctx = contextOf(JSON.parse(stateText) as SiteIslandState);
  const roots: Root[] = [];
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const render = ISLANDS[el.dataset.island as IslandName];
    if (!render) continue;
    const props = JSON.parse(el.dataset.props ?? '{}') as never;
    roots.push(hydrateRoot(el, <InIsland.Provider value>{render(props, ctx)}</InIsland.Provider>));
  }
  return roots;
};
