import { TourCards } from '../cards';
import { BlockTitle } from '../shared';
import type { BlockProps } from './props';

/** The organizer's other tours (not the page's own), up to the limit. */
export function OtherToursBlock({ block, ctx }: BlockProps<'other_tours'>) {
  const { data } = block;
  const tours = ctx.tours.filter((t) => t.id !== ctx.tour?.id).slice(0, data.limit);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      <TourCards tours={tours} ctx={ctx} />
    </div>
  );
}
