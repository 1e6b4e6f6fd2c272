import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TaggedText } from './tagged-text';

describe('TaggedText', () => {
  it('renders each tag with its element and the inner text as children', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="Accept the <terms>terms of use</terms> and the <privacy>privacy policy</privacy>."
          components={{ terms: <em />, privacy: <strong /> }}
        />
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>Accept the <em>terms of use</em> and the <strong>privacy policy</strong>.</p>',
    );
  });

  it('leaves text without tags, and tags it has no element for, as they are', () => {
    const { container } = render(<TaggedText text="Plain <b>bold</b> text" components={{}} />);
    expect(container.textContent).toBe('Plain <b>bold</b> text');
  });

  it('escapes the text instead of interpreting it as HTML', () => {
    const { container } = render(
      <TaggedText text={'<terms><img src=x onerror="1"></terms>'} components={{ terms: <span /> }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('span')?.textContent).toBe('<img src=x onerror="1">');
  });
});
