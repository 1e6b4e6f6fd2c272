import { BlockTitle, EditorEmpty, MediaView } from '../shared';
import type { BlockProps } from './props';

export function AdvantagesBlock({ block, ctx }: BlockProps<'advantages'>) {
  const { data } = block;
  const items = data.items.filter((i) => i.title || i.text || i.media);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, i) => (
          <li key={i} className="site-card flex flex-col gap-3 p-5">
            {item.media ? (
              <MediaView
                media={item.media}
                ctx={ctx}
                width={480}
                height={320}
                className="site-radius aspect-[3/2] w-full"
              />
            ) : null}
            {item.title ? <h3 className="text-lg font-semibold site-heading">{item.title}</h3> : null}
            {item.text ? <p className="site-muted whitespace-pre-line">{item.text}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
