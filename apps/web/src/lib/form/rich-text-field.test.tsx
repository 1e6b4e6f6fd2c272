import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { createTestI18n } from '../i18n/resources';
import { RichTextField } from './rich-text-field';

// the editor's chunk arrives only when the test lets it: what happens while it loads
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../components/rich-text-editor', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

type Values = { description: string };

function Form({ methods }: { methods: (form: UseFormReturn<Values>) => void }) {
  const form = useForm<Values>({ defaultValues: { description: '' } });
  methods(form);
  return (
    <FormProvider {...form}>
      <form>
        <RichTextField name="description" label="Description" />
      </form>
    </FormProvider>
  );
}

describe('RichTextField', () => {
  it('keeps what is typed while the editor loads, and the editor opens with it', async () => {
    let form: UseFormReturn<Values> | null = null;
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <Form methods={(f) => (form = f)} />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Description' }));
    // the editor is not here yet: the box is focused and takes the text
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const loading = screen.getByRole('textbox', { name: 'Description' });
    expect(loading).toHaveFocus();
    await userEvent.type(loading, 'Seven lakes in seven days');
    expect(form!.getValues('description')).toContain('Seven lakes in seven days');

    // TipTap's own autofocus waits for a frame: none comes, so the focus must not depend on it
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    chunk.arrive();
    // the editor's code (TipTap) is imported now: seconds on a busy machine
    expect(await screen.findByRole('toolbar', {}, { timeout: 8000 })).toBeInTheDocument();
    // the keys pressed as the editor replaces the box go on into it (tours.spec types them)
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus();
    frame.mockRestore();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('Seven lakes in seven days'),
    );
    expect(form!.getValues('description')).toContain('Seven lakes in seven days');
  });
});
