import { BlockTitle, EditorEmpty, MediaView } from '../shared';
import type { BlockProps } from './props';

/** What travellers will see and feel: pictures with a few words. */
export function ImpressionsBlock({ block, ctx }: BlockProps<'impressions'>) {
  const { data } = block;
  const items = data.items.filter((i) => i.media || i.text);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, i) => (
          <li key={i} className="flex flex-col gap-3">
            {item.media ? (
              <MediaView
                media={item.media}
                ctx={ctx}
                width={640}
                height={480}
                className="site-radius aspect-[4/3] w-full"
              />
            ) : null}
            {item.text ? <p className="whitespace-pre-line">{item.text}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
