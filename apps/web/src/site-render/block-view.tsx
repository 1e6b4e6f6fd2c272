import type { ComponentType } from 'react';
import type { SiteBlockOf, TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { SITE_BLOCK_TYPE_NAMES, type SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import type { SiteRenderContext } from './types';
import type { BlockProps } from './blocks/props';
import { AppHeaderBlock } from './blocks/app-header';
import { FooterBlock } from './blocks/footer';
import { MainIntroBlock } from './blocks/main-intro';
import { ToursBlock } from './blocks/tours';
import { AboutInfoBlock } from './blocks/about-info';
import { GalleryBlock } from './blocks/gallery';
import { AdvantagesBlock } from './blocks/advantages';
import { StatsBlock } from './blocks/stats';
import { ScheduleBlock } from './blocks/schedule';
import { BookingStepsBlock } from './blocks/booking-steps';
import { MassMediaBlock } from './blocks/mass-media';
import { TourIntroBlock } from './blocks/tour-intro';
import { ImpressionsBlock } from './blocks/impressions';
import { ProgramBlock } from './blocks/program';
import { LivingsBlock } from './blocks/livings';
import { GuidesBlock } from './blocks/guides';
import { ReviewsBlock } from './blocks/reviews';
import { PriceBlock } from './blocks/price';
import { FaqBlock } from './blocks/faq';
import { DatesBlock } from './blocks/dates';
import { ContactsBlock } from './blocks/contacts';
import { OtherToursBlock } from './blocks/other-tours';
import { TourFaqBlock } from './blocks/tour-faq';
import { TextBlock } from './blocks/text';
import { RecommendationsBlock } from './blocks/recommendations';
import { Island, type IslandName } from './island';

/** The component of each block type. */
export const BLOCK_COMPONENTS: { [N in SiteBlockTypeName]: ComponentType<BlockProps<N>> } = {
  app_header: AppHeaderBlock,
  footer: FooterBlock,
  main_intro: MainIntroBlock,
  tours: ToursBlock,
  about_info: AboutInfoBlock,
  gallery: GalleryBlock,
  advantages: AdvantagesBlock,
  stats: StatsBlock,
  schedule: ScheduleBlock,
  booking_steps: BookingStepsBlock,
  mass_media: MassMediaBlock,
  tour_intro: TourIntroBlock,
  impressions: ImpressionsBlock,
  program: ProgramBlock,
  livings: LivingsBlock,
  guides: GuidesBlock,
  reviews: ReviewsBlock,
  price: PriceBlock,
  faq: FaqBlock,
  dates: DatesBlock,
  contacts: ContactsBlock,
  other_tours: OtherToursBlock,
  tour_faq: TourFaqBlock,
  text: TextBlock,
  recommendations: RecommendationsBlock,
};

/**
 * Blocks the provider fills by hand that have nothing to show: left out of the public page (the
 * editor's preview shows them with a hint instead), so an unfilled block leaves no empty band.
 */
const IS_EMPTY: { [N in SiteBlockTypeName]?: (data: SiteBlockOf<N>['data'], ctx: SiteRenderContext) => boolean } = {
  about_info: (d, ctx) => !d.title && !d.text && !d.media && !ctx.org.description,
  gallery: (d) => d.items.length === 0,
  advantages: (d) => !d.items.some((i) => i.title || i.text || i.media),
  stats: (d) => !d.items.some((i) => i.value || i.label),
  booking_steps: (d) => !d.steps.some((s) => s.title || s.text),
  mass_media: (d) => d.articles.length === 0,
  impressions: (d) => !d.items.some((i) => i.media || i.text),
  reviews: (d, ctx) =>
    !(d.source === 'mine' && (ctx.reviews?.items.length ?? 0) > 0) && !d.items.some((r) => r.text || r.author),
  faq: (d) => !d.items.some((i) => i.question),
  contacts: (d, ctx) =>
    !d.title &&
    !d.text &&
    !(d.show_phone && ctx.org.phone) &&
    !(d.show_email && ctx.org.email) &&
    !(d.show_address && ctx.org.address),
  text: (d) => !d.title && !d.html,
  recommendations: (d) => !d.items.some((i) => i.title || i.text),
  // tour-bound blocks need the tour
  tour_intro: (_d, ctx) => !ctx.tour,
  price: (_d, ctx) => !ctx.tour,
};

const BACKGROUNDS = {
  default: 'site-bg-default',
  muted: 'site-bg-muted',
  accent: 'site-bg-accent',
  dark: 'site-bg-dark',
};

/** The blocks that work with JavaScript: the browser hydrates these alone (island.tsx). */
const ISLAND_BLOCKS: Partial<Record<SiteBlockTypeName, IslandName>> = { gallery: 'gallery', dates: 'dates' };

/** One block in its <section>: its anchor, background and spacing; nothing when hidden. */
export function BlockView({ block, ctx }: { block: TypedSiteBlock; ctx: SiteRenderContext }) {
  if (block.is_hidden) return null;
  const name = SITE_BLOCK_TYPE_NAMES[block.type] as SiteBlockTypeName | undefined;
  if (!name) return null;
  const isEmpty = IS_EMPTY[name] as ((d: unknown, c: SiteRenderContext) => boolean) | undefined;
  if (!ctx.editing && isEmpty?.(block.data, ctx)) return null;
  const Component = BLOCK_COMPONENTS[name] as ComponentType<{ block: TypedSiteBlock; ctx: SiteRenderContext }>;
  const { background, spacing, anchor } = block.settings;
  return (
    <section
      id={anchor || block.id}
      data-block={name}
      className={`site-block ${BACKGROUNDS[background] ?? BACKGROUNDS.default} ${spacing === 'compact' ? 'site-compact' : ''}`}
    >
      {name in ISLAND_BLOCKS ? (
        <Island name={ISLAND_BLOCKS[name]!} props={{ block, h1: ctx.h1BlockId === block.id }} ctx={ctx}>
          <Component block={block} ctx={ctx} />
        </Island>
      ) : (
        <Component block={block} ctx={ctx} />
      )}
    </section>
  );
}
