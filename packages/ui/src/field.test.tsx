import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input, Textarea } from './input';
import { PasswordInput } from './password-input';

describe('Field', () => {
  it('labels the control and wires hint and error', () => {
    render(
      <Field label="E-mail" hint="We never share it" error="Required field" required>
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText(/E-mail/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Required field');
    expect(screen.getByRole('alert')).toHaveTextContent('Required field');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('has no error state without an error', () => {
    render(
      <Field label="Comment">
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByLabelText('Comment');
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Input', () => {
  it('marks itself invalid', () => {
    render(<Input aria-label="Name" invalid />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('PasswordInput', () => {
  it('toggles visibility with a labelled button', async () => {
    render(<PasswordInput aria-label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
