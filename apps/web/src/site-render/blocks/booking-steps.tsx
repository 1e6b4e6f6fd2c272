import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

export function BookingStepsBlock({ block, ctx }: BlockProps<'booking_steps'>) {
  const { data } = block;
  const steps = data.steps.filter((s) => s.title || s.text);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {steps.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={i} className="flex flex-col gap-2">
            <span className="site-step" aria-hidden="true">
              {i + 1}
            </span>
            {step.title ? <h3 className="text-lg font-semibold site-heading">{step.title}</h3> : null}
            {step.text ? <p className="site-muted whitespace-pre-line">{step.text}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
