import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Spinner } from './spinner';
import { UiTextsProvider } from './i18n';

describe('Spinner', () => {
  it('defaults to size 22, stroke 3 and the label Loading...', () => {
    render(<Spinner />);
    const spinner = screen.getByRole('status', { name: 'Loading...' });
    expect(spinner).toHaveAttribute('width', '22');
    expect(spinner).toHaveAttribute('height', '22');
    expect(spinner.querySelector('circle')).toHaveAttribute('stroke-width', '3');
  });

  it('speaks Russian under a ru provider', () => {
    render(
      <UiTextsProvider locale="ru">
        <Spinner />
      </UiTextsProvider>,
    );
    expect(screen.getByRole('status', { name: 'Загрузка...' })).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('is a type=button that calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when loading shows a spinner, is busy and disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders its child with button styling when asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/org/login">Log in</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link).toHaveAttribute('href', '/org/login');
    expect(link.className).toContain('border-neutral-300');
  });

  it('applies variant, size and block classes', () => {
    render(
      <Button variant="danger" size="lg" block>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('bg-danger-600');
    expect(button.className).toContain('h-12');
    expect(button.className).toContain('w-full');
  });
});
