import { TourCards } from '../cards';
import { BlockTitle } from '../shared';
import type { BlockProps } from './props';

/** The tour cards: the chosen tours in their order, else every published tour. */
export function ToursBlock({ block, ctx }: BlockProps<'tours'>) {
  const { data } = block;
  const byId = new Map(ctx.tours.map((t) => [t.id, t]));
  const tours =
    data.tour_ids.length > 0 ? data.tour_ids.map((id) => byId.get(id)).filter((t) => t !== undefined) : ctx.tours;
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.subtitle ? <p className="site-lead">{data.subtitle}</p> : null}
      <TourCards tours={tours} ctx={ctx} layout={data.layout} />
    </div>
  );
}
