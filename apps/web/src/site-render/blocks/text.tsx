import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

/** Rich text written in the editor. */
export function TextBlock({ block, ctx }: BlockProps<'text'>) {
  const { data } = block;
  return (
    <div className="site-container flex flex-col gap-4">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.html ? (
        // The html is inserted as it is ONLY because the server sanitises it on save (save-page-blocks:
        // an allow-list of paragraphs, headings, lists, links and emphasis; no script, no on* attributes).
        <div className="site-prose site-rich max-w-prose" dangerouslySetInnerHTML={{ __html: data.html }} />
      ) : (
        <EditorEmpty ctx={ctx} />
      )}
    </div>
  );
}
