import { BlockTitle, EditorEmpty, MediaView, Paragraphs } from '../shared';
import type { BlockProps } from './props';

/** About the organizer: text beside a picture or video. */
export function AboutInfoBlock({ block, ctx }: BlockProps<'about_info'>) {
  const { data } = block;
  const text = data.text || (data.title ? '' : ctx.org.description);
  return (
    <div className={`site-container grid items-center gap-8 ${data.media ? 'md:grid-cols-2' : ''}`}>
      <div className="site-prose flex flex-col gap-4">
        <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
        {text ? <Paragraphs text={text} /> : <EditorEmpty ctx={ctx} />}
      </div>
      {data.media ? (
        <MediaView
          media={data.media}
          ctx={ctx}
          width={960}
          height={720}
          title={data.title}
          className="site-radius aspect-[4/3] w-full"
        />
      ) : null}
    </div>
  );
}
