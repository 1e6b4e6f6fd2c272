import { BlockTitle } from '../shared';
import { FaqList } from './faq-list';
import type { BlockProps } from './props';

/** The tour's own questions and answers, live from the tour. */
export function TourFaqBlock({ block, ctx }: BlockProps<'tour_faq'>) {
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={block.data.title} blockId={block.id} ctx={ctx} />
      <FaqList items={ctx.tour?.questions ?? []} ctx={ctx} />
    </div>
  );
}
