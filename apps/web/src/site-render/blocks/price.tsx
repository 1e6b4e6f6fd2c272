import { siteText } from '../i18n';
import { BLOCK_LINK_KIND } from '@tourdesk/contract/enum-values';
import { BlockButton, BlockTitle, Paragraphs } from '../shared';
import type { BlockProps } from './props';

/** The tour's price and what is (not) in it, live from the tour. */
export function PriceBlock({ block, ctx }: BlockProps<'price'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const tour = ctx.tour;
  if (!tour) return null;
  const button = data.button ?? { kind: BLOCK_LINK_KIND.crm_booking, tour_id: null, tour_date_id: null, text: '' };
  const lists = [
    data.show_in_price && tour.in_price ? { title: text.t('inPrice'), body: tour.in_price, mark: '✓' } : null,
    data.show_not_in_price && tour.not_in_price
      ? { title: text.t('notInPrice'), body: tour.not_in_price, mark: '—' }
      : null,
  ].filter((l) => l !== null);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      <div className="site-card flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-2xl font-semibold site-heading">
          {tour.price != null ? `${text.t('from')} ${text.money(tour.price, tour.currency)}` : text.t('noDepartures')}
        </p>
        <BlockButton link={button} ctx={ctx} />
      </div>
      {lists.length > 0 ? (
        <div className="grid gap-6 md:grid-cols-2">
          {lists.map((l) => (
            <div key={l.title} className="flex flex-col gap-2">
              <h3 className="text-lg font-semibold site-heading">{l.title}</h3>
              <Paragraphs text={l.body} className="site-muted" />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
