import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

export function StatsBlock({ block, ctx }: BlockProps<'stats'>) {
  const { data } = block;
  const items = data.items.filter((i) => i.value || i.label);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <dl className="grid grid-cols-2 gap-5 md:grid-cols-4">
        {items.map((item, i) => (
          <div key={i} className="flex flex-col-reverse gap-1">
            <dt className="site-muted">{item.label}</dt>
            <dd className="site-stat">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
