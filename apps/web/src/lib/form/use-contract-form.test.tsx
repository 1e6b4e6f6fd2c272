import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { rules, type FieldIssue } from '@tourdesk/contract/validation';
import { renderWithApp } from '../../features/organizer/components/test-utils';
import { validationError, messageError } from '../../test/error-bodies';
import { toApiError } from '../api/api-error';
import { NumberField, TextField } from './fields';
import { useRows } from './rows';
import { errorAt } from './paths';
import { RequirementsSummary, unmetRequirements } from './requirements';
import { useContractForm } from './use-contract-form';

/** A tour-editor-like body: a nested object and rows. */
interface Body {
  title: string;
  guide: { name: string };
  penalties: { days_before: number | null; percent: number | null }[];
}
const RULES = {
  title: [rules.required(), rules.maxLength(10)],
  'guide.name': [rules.maxLength(5)],
  'penalties.*.percent': [rules.required(), rules.maxValue(100)],
};
/** a cross-row check, as the contract's organizerFieldIssues does */
const noDayTwice = (body: Body): FieldIssue[] =>
  body.penalties.flatMap((p, i) =>
    body.penalties.slice(0, i).some((q) => q.days_before === p.days_before)
      ? [{ path: `penalties.${i}.days_before`, code: 'incorrect_value' as const }]
      : [],
  );
const DEFAULTS: Body = {
  title: 'Altai',
  guide: { name: 'Ivan' },
  penalties: [
    { days_before: 30, percent: 10 },
    { days_before: 7, percent: 50 },
    { days_before: 1, percent: 90 },
  ],
};

function Rows() {
  const form = useContractForm<Body>({ defaults: DEFAULTS, rules: RULES, check: noDayTwice });
  return form;
}

function TestForm({ send }: { send: (body: Body) => Promise<unknown> }) {
  const form = Rows();
  const { rows, add } = useRows({
    control: form.control,
    name: 'penalties',
    max: 4,
    empty: () => ({ days_before: null, percent: null }),
  });
  const onSubmit = form.onSubmit((body) => send(body).catch(form.showServerError));
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Tour">
        <TextField name="title" label="Title" />
        <TextField name="guide.name" label="Guide" />
        {rows.map((row, i) => (
          <div key={row.id}>
            <NumberField name={`penalties.${i}.days_before`} label={`Days ${i + 1}`} />
            <NumberField name={`penalties.${i}.percent`} label={`Percent ${i + 1}`} decimal />
          </div>
        ))}
        <button type="button" onClick={add}>
          Add
        </button>
        <RequirementsSummary
          title="Publishing still needs"
          doneText="Ready to publish"
          requirements={[
            { path: 'title', label: 'A title' },
            { path: 'guide.name', label: 'A guide' },
          ]}
        />
        <p data-testid="row-error">{errorAt(form.formState.errors, 'penalties.2.percent') ?? ''}</p>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('the form kit', () => {
  it('checks the contract rules and the check before sending, errors nested like the values', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithApp(<TestForm send={send} />);
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Guide'), 'nov-long');
    await userEvent.clear(screen.getByLabelText('Percent 2'));
    await userEvent.type(screen.getByLabelText('Percent 2'), '120');
    await userEvent.clear(screen.getByLabelText('Days 3'));
    await userEvent.type(screen.getByLabelText('Days 3'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(screen.getByText('Maximum 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Maximum 100')).toBeInTheDocument();
    expect(screen.getByText('Incorrect value')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    // the summary follows the values: the title is missing
    expect(screen.getByRole('region', { name: 'Publishing still needs' })).toHaveTextContent('A title');
  });

  it('sends the body with numbers as numbers and new rows', async () => {
    const send = vi.fn((_body: Body) => Promise.resolve());
    renderWithApp(<TestForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.type(screen.getByLabelText('Days 4'), '0');
    await userEvent.type(screen.getByLabelText('Percent 4'), '99,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0].penalties[3]).toEqual({ days_before: 0, percent: 99.5 });
    expect(screen.getByRole('status')).toHaveTextContent('Ready to publish');
  });

  it("puts a 422's errors on their fields by path (a row's field too) and what no field takes in one toast", async () => {
    const send = vi.fn(() =>
      Promise.reject(
        toApiError(
          422,
          validationError({
            'penalties.2.percent': { code: 'max_value', params: { max: 100 } },
            'guide.name': 'required',
            somewhere_else: 'unknown_field',
          }),
        ),
      ),
    );
    renderWithApp(<TestForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('row-error')).toHaveTextContent('Maximum 100'));
    expect(screen.getByText('Required field')).toBeInTheDocument();
    // the first of them is focused
    expect(screen.getByLabelText('Percent 3')).toHaveFocus();
    expect(await screen.findByText('Unknown field')).toBeInTheDocument();
  });

  it('says what a refused call without fields says, in the interface language, once', async () => {
    const send = vi.fn(() => Promise.reject(toApiError(403, messageError('forbidden'))));
    renderWithApp(<TestForm send={send} />, { language: 'ru' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Доступ запрещён')).toBeInTheDocument();
  });

  it('lists unmet requirements by path', () => {
    const needs = [
      { path: 'title', label: 'Title' },
      { path: 'penalties', label: 'Penalties', met: (v: unknown) => Array.isArray(v) && v.length > 1 },
    ];
    expect(unmetRequirements({ title: ' ', penalties: [1] }, needs).map((r) => r.label)).toEqual([
      'Title',
      'Penalties',
    ]);
    expect(unmetRequirements({ title: 'A', penalties: [1, 2] }, needs)).toEqual([]);
  });
});
