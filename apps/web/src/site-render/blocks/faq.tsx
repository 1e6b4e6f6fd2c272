import { BlockTitle, EditorEmpty } from '../shared';
import { FaqList } from './faq-list';
import type { BlockProps } from './props';

export function FaqBlock({ block, ctx }: BlockProps<'faq'>) {
  const { data } = block;
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.items.length === 0 ? <EditorEmpty ctx={ctx} /> : <FaqList items={data.items} ctx={ctx} />}
    </div>
  );
}
