import { BlockButton, MediaView } from '../shared';
import type { BlockProps } from './props';

/** The home page's first screen: title (the page's h1), subtitle, picture or video, button. */
export function MainIntroBlock({ block, ctx }: BlockProps<'main_intro'>) {
  const { data } = block;
  const Title = ctx.h1BlockId === block.id ? 'h1' : 'h2';
  return (
    <div className="site-container grid items-center gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-5">
        <Title className="site-h1">{data.title || ctx.org.name}</Title>
        {data.subtitle || (!data.title && ctx.org.description) ? (
          <p className="site-lead">{data.subtitle || ctx.org.description}</p>
        ) : null}
        <div>
          <BlockButton link={data.button} ctx={ctx} />
        </div>
      </div>
      {data.media ? (
        <MediaView
          media={data.media}
          ctx={ctx}
          eager
          width={1280}
          height={960}
          title={data.title}
          className="site-radius aspect-[4/3] w-full"
        />
      ) : null}
    </div>
  );
}
