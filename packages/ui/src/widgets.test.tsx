import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, RadioGroup, Switch } from './choice';
import { Collapse, type CollapseState } from './collapse';
import {
  CLOSE_ANIMATION_WAIT,
  DROPDOWN_ARROW_PADDING,
  DROPDOWN_EDGE_PADDING,
  SLIDER_DEFAULTS,
  TRUNCATE_HEIGHT,
  TRUNCATE_THRESHOLD,
  UPLOAD_STATUS,
} from './constants';
import { Drawer } from './drawer';
import { Dropdown } from './dropdown';
import { NumberInput } from './number-input';
import { Rating } from './rating';
import { Slider } from './slider';
import { ShowMoreList, shouldTruncate, TruncateText } from './truncate-text';
import { Upload } from './upload';
import { GoBackButton, LoadingState } from './status';

describe('NumberInput', () => {
  function Harness({ min, max }: { min?: number; max?: number }) {
    const [value, setValue] = useState<number | null>(5);
    return <NumberInput aria-label="Seats" value={value} onChange={setValue} min={min} max={max} />;
  }

  it('clamps to max and min on change', async () => {
    render(<Harness min={1} max={10} />);
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    expect(input).toHaveValue('10');
    await userEvent.clear(input);
    await userEvent.type(input, '-');
    await userEvent.type(input, '3');
    expect(input).toHaveValue('1');
  });

  it('steps with the arrow keys within the bounds', async () => {
    render(<Harness min={1} max={6} />);
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    input.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('6');
    expect(input).toHaveAttribute('aria-valuenow', '6');
  });
});

describe('Checkbox, Radio, Switch', () => {
  it('toggles a labelled checkbox', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="I accept the agreement" onCheckedChange={onChange} />);
    await userEvent.click(screen.getByLabelText('I accept the agreement'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'I accept the agreement' })).toHaveAttribute('aria-checked', 'true');
  });

  it('moves between radios with arrows and chooses with Space', async () => {
    const onChange = vi.fn();
    render(
      <RadioGroup
        label="Payment"
        defaultValue="sbp"
        onValueChange={onChange}
        options={[
          { value: 'sbp', label: 'SBP' },
          { value: 'card', label: 'Card' },
        ]}
      />,
    );
    screen.getByRole('radio', { name: 'SBP' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Card' })).toHaveFocus());
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('card');
  });

  it('switches on', async () => {
    render(<Switch label="Notifications" />);
    const control = screen.getByRole('switch', { name: 'Notifications' });
    await userEvent.click(control);
    expect(control).toHaveAttribute('aria-checked', 'true');
  });
});

describe('Slider', () => {
  it('defaults to min 0, max 100, step 1', () => {
    expect(SLIDER_DEFAULTS).toEqual({ min: 0, max: 100, step: 1 });
    render(<Slider label="Volume" value={40} onChange={() => {}} />);
    const thumb = screen.getByRole('slider', { name: 'Volume' });
    expect(thumb).toHaveAttribute('aria-valuemin', '0');
    expect(thumb).toHaveAttribute('aria-valuemax', '100');
    expect(thumb).toHaveAttribute('aria-valuenow', '40');
  });

  it('moves by one step on ArrowRight', async () => {
    const onChange = vi.fn();
    render(<Slider label="Volume" value={40} onChange={onChange} />);
    screen.getByRole('slider', { name: 'Volume' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith(41);
  });
});

describe('Collapse', () => {
  afterEach(() => vi.useRealTimers());
  it('goes collapsed → expanding → expanded → collapsing → collapsed', () => {
    vi.useFakeTimers();
    const states: CollapseState[] = [];
    render(
      <Collapse title="Details" onStateChange={(state) => states.push(state)}>
        Body
      </Collapse>,
    );
    const trigger = screen.getByRole('button', { name: 'Details' });
    const root = trigger.parentElement as HTMLElement;
    expect(root).toHaveAttribute('data-collapse-state', 'collapsed');
    fireEvent.click(trigger);
    expect(root).toHaveAttribute('data-collapse-state', 'expanding');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(CLOSE_ANIMATION_WAIT));
    expect(root).toHaveAttribute('data-collapse-state', 'expanded');
    fireEvent.click(trigger);
    expect(root).toHaveAttribute('data-collapse-state', 'collapsing');
    act(() => vi.advanceTimersByTime(CLOSE_ANIMATION_WAIT));
    expect(root).toHaveAttribute('data-collapse-state', 'collapsed');
    expect(states).toEqual(['expanding', 'expanded', 'collapsing', 'collapsed']);
  });
});

describe('Drawer', () => {
  it('opens with a title, closes with the close button after the animation wait', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Filters
          </button>
          <Drawer open={open} onOpenChange={setOpen} title="Filters panel">
            Content
          </Drawer>
        </>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('dialog', { name: 'Filters panel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Filters panel' })).toHaveAttribute('data-closing', 'true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus());
  });
});

describe('Dropdown', () => {
  it('uses edge padding 8 and arrow padding 12, closes on Escape', async () => {
    expect(DROPDOWN_EDGE_PADDING).toBe(8);
    expect(DROPDOWN_ARROW_PADDING).toBe(12);
    render(
      <Dropdown trigger={<button type="button">More</button>} label="More options">
        Panel text
      </Dropdown>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('dialog', { name: 'More options' })).toHaveTextContent('Panel text');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Rating', () => {
  it('labels the 5 stars Terrible, Poor, Fair, Good, Excellent and is editable', async () => {
    const onChange = vi.fn();
    render(<Rating value={2} onChange={onChange} />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['Terrible', 'Poor', 'Fair', 'Good', 'Excellent']);
    expect(screen.getByRole('radio', { name: 'Poor' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    expect(onChange).toHaveBeenCalledWith(5);
  });

  it('read-only says the value and its word', () => {
    render(<Rating value={4} readOnly />);
    expect(screen.getByRole('img', { name: 'Rating: 4 / 5 — Good' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('TruncateText', () => {
  it('truncates only above height 120 + threshold 24', () => {
    expect(TRUNCATE_HEIGHT).toBe(120);
    expect(TRUNCATE_THRESHOLD).toBe(24);
    expect(shouldTruncate(144)).toBe(false);
    expect(shouldTruncate(145)).toBe(true);
    expect(shouldTruncate(50)).toBe(false);
  });

  it("toggles 'Read more' / 'Hide' for tall text", async () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(400);
    render(<TruncateText>Very long text</TruncateText>);
    const button = await screen.findByRole('button', { name: 'Read more' });
    expect(screen.getByText('Very long text')).toHaveStyle({ maxHeight: '120px' });
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    spy.mockRestore();
  });

  it('shows no toggle for short text', () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(100);
    render(<TruncateText>Short</TruncateText>);
    expect(screen.queryByRole('button')).toBeNull();
    spy.mockRestore();
  });

  it("lists show 'Show more'", async () => {
    render(<ShowMoreList items={['a', 'b', 'c', 'd']} limit={2} renderItem={(item) => item} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});

describe('Upload', () => {
  it('shows progress, size in MB with 2 decimals, and statuses 1 → 2', async () => {
    expect(UPLOAD_STATUS).toEqual({ inProgress: 1, success: 2, fail: 3 });
    let finish: (value: string) => void = () => {};
    let report: (percent: number) => void = () => {};
    const upload = vi.fn(
      (_file: File, onProgress: (p: number) => void) =>
        new Promise<string>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const onUploaded = vi.fn();
    render(<Upload upload={upload} onUploaded={onUploaded} />);
    const file = new File([new Uint8Array(1572864)], 'passport.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Choose file'), file);
    const item = screen.getByText('passport.pdf').closest('li') as HTMLElement;
    expect(item).toHaveAttribute('data-status', '1');
    expect(item).toHaveTextContent('1.50 MB');
    act(() => report(40));
    expect(screen.getByRole('progressbar', { name: 'passport.pdf' })).toHaveAttribute('aria-valuenow', '40');
    await act(async () => finish('ok'));
    expect(item).toHaveAttribute('data-status', '2');
    expect(onUploaded).toHaveBeenCalledWith('ok', file);
  });

  it('fails with status 3 and retries', async () => {
    const upload = vi.fn().mockRejectedValueOnce(new Error('Network')).mockResolvedValueOnce('ok');
    render(<Upload upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Choose file'), new File(['x'], 'a.png'));
    const item = screen.getByText('a.png').closest('li') as HTMLElement;
    await waitFor(() => expect(item).toHaveAttribute('data-status', '3'));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(item).toHaveAttribute('data-status', '2'));
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('drops a finished row with clearOnSuccess, keeps a failed one', async () => {
    const upload = vi.fn().mockResolvedValueOnce('ok').mockRejectedValueOnce(new Error('Too large'));
    const onUploaded = vi.fn();
    render(<Upload upload={upload} onUploaded={onUploaded} multiple clearOnSuccess />);
    await userEvent.upload(screen.getByLabelText('Choose file'), [new File(['x'], 'a.png'), new File(['y'], 'b.png')]);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('ok', expect.any(File)));
    await waitFor(() => expect(screen.queryByText('a.png')).not.toBeInTheDocument());
    expect(await screen.findByText('Too large')).toBeInTheDocument();
  });

  it('accepts dropped files', async () => {
    const upload = vi.fn().mockResolvedValue('ok');
    render(<Upload upload={upload} />);
    const file = new File(['x'], 'drop.jpg');
    fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(file, expect.any(Function)));
  });
});

describe('status helpers', () => {
  it("say 'Loading...' and 'Go back'", async () => {
    const onBack = vi.fn();
    render(
      <>
        <LoadingState />
        <GoBackButton onClick={onBack} />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onBack).toHaveBeenCalled();
  });
});
