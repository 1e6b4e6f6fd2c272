import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

/** What to bring and know before the trip. */
export function RecommendationsBlock({ block, ctx }: BlockProps<'recommendations'>) {
  const { data } = block;
  const items = data.items.filter((i) => i.title || i.text);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 sm:grid-cols-2">
        {items.map((item, i) => (
          <li key={i} className="site-card flex flex-col gap-2 p-5">
            {item.title ? <h3 className="font-semibold site-heading">{item.title}</h3> : null}
            {item.text ? <p className="site-muted whitespace-pre-line">{item.text}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
