import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { QUESTIONNAIRE_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import type { QuestionnaireFields, UpdateTouristsBody } from '@tourdesk/contract/api/request-tourist';
import { renderWithApp } from '../features/organizer/components/test-utils';
import type { FormValues } from '../lib/form/form-values';
import { useContractForm } from '../lib/form/use-contract-form';
import { TouristFields, touristBody, type TouristFieldsProps } from './tourist-fields';

const BLANK: FormValues<QuestionnaireFields> = {
  first_name: '',
  last_name: '',
  middle_name: '',
  birthday: null,
  passport: '',
  email: '',
  phone: '',
  food_restriction: '',
};

function OneTourist({ send, ...props }: TouristFieldsProps & { send: (body: QuestionnaireFields) => void }) {
  const form = useContractForm<QuestionnaireFields>({
    defaults: BLANK,
    rules: QUESTIONNAIRE_FIELD_RULES,
    prepare: touristBody,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit(send)} noValidate aria-label="Tourist">
        <TouristFields {...props} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

type Row = FormValues<UpdateTouristsBody>['tourists'][number];
const ROW: Row = { id: null, ...BLANK, is_contact_person: false, is_child: false, needs_transfer: false };

/** A checkout-like list: the second tourist's fields under `tourists.1.`. */
function SecondRow({ send }: { send: (values: unknown) => void }) {
  const form = useContractForm<Pick<UpdateTouristsBody, 'tourists'>>({
    defaults: { tourists: [ROW, { ...ROW, first_name: 'Anna' }] },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit(send)} noValidate aria-label="Tourists">
        <TouristFields prefix="tourists.1." withFlags />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const textboxNames = () => screen.getAllByRole('textbox').map((box) => box.getAttribute('name'));

describe('TouristFields', () => {
  it('asks the names in the order of the language: given name first in English', () => {
    renderWithApp(<OneTourist send={vi.fn()} />);
    expect(textboxNames().slice(0, 3)).toEqual(['first_name', 'middle_name', 'last_name']);
    for (const label of ['First name', 'Middle name', 'Last name', 'Passport', 'E-mail', 'Food restrictions'])
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks the surname first in Russian, with Russian labels', () => {
    renderWithApp(<OneTourist send={vi.fn()} />, { language: 'ru' });
    expect(textboxNames().slice(0, 3)).toEqual(['last_name', 'first_name', 'middle_name']);
    for (const label of ['Фамилия', 'Имя', 'Отчество', 'Паспорт', 'Эл. почта', 'Ограничения в питании'])
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    expect(screen.getByLabelText('Дата рождения')).toBeInTheDocument();
  });

  it('marks the required fields, shows the SPEC texts of the rules and sends the body the contract takes', async () => {
    const send = vi.fn();
    renderWithApp(<OneTourist send={send} required={['first_name', 'last_name']} isSelf />);
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('autocomplete', 'given-name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Anna');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Ivanova');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mail.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    // a blank birthday is null and the bare dial code of the phone picker no phone
    expect(send.mock.calls[0]![0]).toEqual({
      ...BLANK,
      first_name: 'Anna',
      last_name: 'Ivanova',
      email: 'anna@mail.ru',
    });
  });

  it('binds a row of a list by its prefix, with the provider flags', async () => {
    const send = vi.fn();
    renderWithApp(<SecondRow send={send} />);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('name', 'tourists.1.first_name');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('autocomplete', 'off');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Child' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    const body = send.mock.calls[0]![0] as { tourists: Row[] };
    expect(body.tourists[1]).toMatchObject({ first_name: 'Anna', is_child: true, is_contact_person: false });
    expect(body.tourists[0]!.is_child).toBe(false);
  });
});
