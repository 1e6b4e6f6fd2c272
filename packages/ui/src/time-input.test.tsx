import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { UiTextsProvider, type UiLocale } from './i18n';
import { formatTime, parseTime, TimeInput, usesHour12 } from './time-input';

function Harness({ initial, locale }: { initial: string; locale: UiLocale }) {
  const [value, setValue] = useState(initial);
  return (
    <UiTextsProvider locale={locale}>
      <Field label="Monday: from">
        <TimeInput value={value} onChange={setValue} />
      </Field>
      <output data-testid="value">{value}</output>
    </UiTextsProvider>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Monday: from' });
const value = () => screen.getByTestId('value').textContent;

describe('time rules', () => {
  it('reads a typed time in either clock', () => {
    expect(parseTime('9')).toBe('09:00');
    expect(parseTime('930')).toBe('09:30');
    expect(parseTime('0930')).toBe('09:30');
    expect(parseTime('21:30')).toBe('21:30');
    expect(parseTime(' 9.05 ')).toBe('09:05');
    expect(parseTime('6:30 pm')).toBe('18:30');
    expect(parseTime('6:30 PM')).toBe('18:30');
    expect(parseTime('12 am')).toBe('00:00');
    expect(parseTime('12:15 p.m.')).toBe('12:15');
    expect(parseTime('6:30\u202fAM')).toBe('06:30');
    for (const bad of ['', '24:00', '9:60', '13 pm', '0 am', 'noon', '9:5', '12345']) expect(parseTime(bad)).toBeNull();
  });

  it('writes the time as the language does: 24-hour in Russian, AM/PM in English', () => {
    expect(usesHour12('ru')).toBe(false);
    expect(usesHour12('en')).toBe(true);
    expect(formatTime('09:00', 'ru')).toBe('09:00');
    expect(formatTime('18:30', 'ru')).toBe('18:30');
    expect(formatTime('09:00', 'en')).toBe('9:00 AM');
    expect(formatTime('18:30', 'en')).toBe('6:30 PM');
    expect(formatTime('00:00', 'en')).toBe('12:00 AM');
    expect(formatTime('18:30', 'en', false)).toBe('18:30');
  });
});

describe('TimeInput', () => {
  it('shows no AM/PM in a Russian interface, and takes 24-hour times', async () => {
    render(<Harness initial="09:00" locale="ru" />);
    expect(box()).toHaveValue('09:00');
    expect(box()).toHaveAttribute('type', 'text');
    await userEvent.clear(box());
    expect(box()).toHaveAttribute('placeholder', 'чч:мм');
    await userEvent.type(box(), '1830');
    expect(value()).toBe('18:30');
    await userEvent.tab();
    expect(box()).toHaveValue('18:30');
  });

  it('follows the English clock: AM/PM shown, either clock typed, 24-hour handed on', async () => {
    render(<Harness initial="18:30" locale="en" />);
    expect(box()).toHaveValue('6:30 PM');
    await userEvent.clear(box());
    await userEvent.type(box(), '7:15 am');
    expect(value()).toBe('07:15');
    await userEvent.tab();
    expect(box()).toHaveValue('7:15 AM');
    await userEvent.clear(box());
    await userEvent.type(box(), '2100');
    await userEvent.tab();
    expect(value()).toBe('21:00');
    expect(box()).toHaveValue('9:00 PM');
  });

  it('hands on what is no time as it is, so the host rule refuses it; empty is empty', async () => {
    render(<Harness initial="09:00" locale="ru" />);
    await userEvent.clear(box());
    expect(value()).toBe('');
    await userEvent.type(box(), '25:00');
    await userEvent.tab();
    expect(value()).toBe('25:00');
    expect(box()).toHaveValue('25:00');
  });

  it('moves by 15 minutes with the arrow keys, round the clock', async () => {
    render(<Harness initial="09:00" locale="ru" />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowUp}');
    expect(value()).toBe('09:15');
    expect(box()).toHaveValue('09:15');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(value()).toBe('08:45');
    await userEvent.clear(box());
    await userEvent.type(box(), '0');
    await userEvent.keyboard('{ArrowDown}');
    expect(value()).toBe('23:45');
  });
});
