import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { COUNTRY_SELECT_MIN_WIDTH, PHONE_MAX_LENGTH } from './constants';
import { UiTextsProvider } from './i18n';
import {
  applyRuPlusEight,
  backspaceHitsPrefix,
  composePhone,
  detectPhoneCountry,
  dialPrefix,
  flagUrl,
  foreignPhoneCountry,
  formatPhone,
  isPhoneValid,
  limitPhoneInput,
  matchesCountryQuery,
  normalizePhoneInput,
  sanitizePhoneInput,
  sortPhoneCountries,
  type PhoneCountry,
} from './phone';
import { countryName, countryNamesLocale } from './country-name';
import { PhoneInput } from './phone-input';

const countries: PhoneCountry[] = [
  { name: 'Germany', iso_code: 'DE', phone_code: '49', is_primary: false },
  { name: 'Kazakhstan', iso_code: 'KZ', phone_code: '7', is_primary: true },
  { name: 'Armenia', iso_code: 'AM', phone_code: '374', is_primary: false },
  { name: 'Russia', iso_code: 'RU', phone_code: '7', is_primary: true },
];

describe('phone rules', () => {
  it('strips letters, keeps digits and a leading +, max length 18', () => {
    expect(PHONE_MAX_LENGTH).toBe(18);
    expect(sanitizePhoneInput('+7 (912) abc 345-67-89')).toBe('+79123456789');
    expect(sanitizePhoneInput('7+9+1')).toBe('791');
    expect(sanitizePhoneInput('+1234567890123456789012')).toBe('+12345678901234567');
    expect(sanitizePhoneInput('+1234567890123456789012')).toHaveLength(18);
  });

  it("counts the picker's dial code in the max length of 18", () => {
    expect(limitPhoneInput('9161234567123456789012', '+7')).toBe('9161234567123456');
    expect(limitPhoneInput('9161234567123456789012', '+374')).toBe('91612345671234');
    expect(limitPhoneInput('916', '+7')).toBe('916');
    expect(limitPhoneInput('+79161234567123456789', '+7')).toBe('+79161234567123456');
  });

  it('rewrites a leading +8 to 8 with country RU only', () => {
    expect(applyRuPlusEight('+89123456789', 'RU')).toBe('89123456789');
    expect(applyRuPlusEight('+89123456789', 'ru')).toBe('89123456789');
    expect(applyRuPlusEight('+89123456789', 'KZ')).toBe('+89123456789');
    expect(applyRuPlusEight('+79123456789', 'RU')).toBe('+79123456789');
    expect(normalizePhoneInput('+8 912 345', 'RU')).toBe('8912345');
  });

  it('formats per selected country as you type', () => {
    expect(formatPhone('+79123456789', 'RU')).toBe('+7 912 345 67 89');
    expect(formatPhone('89123456789', 'RU')).toBe('8 (912) 345-67-89');
    expect(formatPhone('+4915123456789', 'DE')).toBe('+49 1512 3456789');
    expect(formatPhone('', 'RU')).toBe('');
  });

  it("composes the picker's dial code and a national number into E.164", () => {
    expect(composePhone('9161234567', 'RU', '+7')).toBe('+79161234567');
    expect(composePhone('916', 'RU', '+7')).toBe('+7916');
    // the trunk prefix is not part of the number
    expect(composePhone('89161234567', 'RU', '+7')).toBe('+79161234567');
    expect(composePhone('8', 'RU', '+7')).toBe('+7');
    expect(composePhone('0301234567', 'DE', '+49')).toBe('+49301234567');
    // an international call prefix starts a number of its own
    expect(composePhone('0049301234567', 'DE', '+49')).toBe('+49301234567');
    expect(composePhone('7012345678', 'KZ', '+7')).toBe('+77012345678');
    // a typed + number, an empty text, or no dial code: as it is
    expect(composePhone('+79161234567', 'DE', '+49')).toBe('+79161234567');
    expect(composePhone('', 'RU', '+7')).toBe('');
    expect(composePhone('9161234567', 'RU', '')).toBe('9161234567');
    // a country libphonenumber does not know: the dial code and the digits
    expect(composePhone('12345', 'XX', '+999')).toBe('+99912345');
  });

  it('detects a number of another country', () => {
    expect(detectPhoneCountry('+77012345678')).toBe('KZ');
    expect(foreignPhoneCountry('+77012345678', 'RU')).toBe('KZ');
    expect(foreignPhoneCountry('+79123456789', 'RU')).toBeNull();
    expect(foreignPhoneCountry('+4915123456789', 'RU')).toBe('DE');
    expect(foreignPhoneCountry('+7', 'RU')).toBeNull();
  });

  it('validates numbers', () => {
    expect(isPhoneValid('+79123456789', 'RU')).toBe(true);
    expect(isPhoneValid('89123456789', 'RU')).toBe(true);
    expect(isPhoneValid('+7912', 'RU')).toBe(false);
    expect(isPhoneValid('', 'RU')).toBe(false);
  });

  it('blocks Backspace over the dial prefix', () => {
    expect(dialPrefix({ phone_code: '7' })).toBe('+7');
    expect(backspaceHitsPrefix('+7 912', '+7', 2, 2)).toBe(true);
    expect(backspaceHitsPrefix('+7 912', '+7', 1, 1)).toBe(true);
    expect(backspaceHitsPrefix('+7 912', '+7', 4, 4)).toBe(false);
    expect(backspaceHitsPrefix('+7 912', '+7', 0, 6)).toBe(true);
    expect(backspaceHitsPrefix('+7 912', '+7', 3, 6)).toBe(false);
    expect(backspaceHitsPrefix('8 912', '+7', 1, 1)).toBe(false);
  });

  it('sorts primary countries first, then by name', () => {
    expect(sortPhoneCountries(countries).map((c) => c.iso_code)).toEqual(['KZ', 'RU', 'AM', 'DE']);
  });

  it('names countries in ru, de or en-US (fallback en-US)', () => {
    expect(countryNamesLocale('ru')).toBe('ru');
    expect(countryNamesLocale('de-AT')).toBe('de');
    expect(countryNamesLocale('en')).toBe('en-US');
    expect(countryNamesLocale('fr')).toBe('en-US');
    expect(countryName('DE', 'ru')).toBe('Германия');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'en')).toBe('Germany');
  });

  it('searches by name, ISO code or dial code', () => {
    const ru = countries[3] as PhoneCountry;
    expect(matchesCountryQuery(ru, 'rus')).toBe(true);
    expect(matchesCountryQuery(ru, '+7')).toBe(true);
    expect(matchesCountryQuery(ru, '7')).toBe(true);
    expect(matchesCountryQuery(ru, '49')).toBe(false);
    expect(matchesCountryQuery(ru, 'ru')).toBe(true);
    expect(matchesCountryQuery(ru, 'Рос', 'Россия')).toBe(true);
  });

  it('builds flag URLs from /flags/1x1/{cc}.svg', () => {
    expect(flagUrl('RU')).toBe('/flags/1x1/ru.svg');
    expect(flagUrl('DE', 'https://cdn.example.com/flags')).toBe('https://cdn.example.com/flags/de.svg');
  });
});

function Harness({
  initial = '+7',
  initialCountry = 'RU',
  invalid,
}: {
  initial?: string;
  initialCountry?: string;
  invalid?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [country, setCountry] = useState(initialCountry);
  return (
    <>
      <PhoneInput
        aria-label="Phone"
        value={value}
        onChange={setValue}
        countries={countries}
        country={country}
        onCountryChange={setCountry}
        invalid={invalid}
      />
      <output data-testid="raw">{value}</output>
      <output data-testid="country">{country}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

describe('PhoneInput', () => {
  it('formats as you type and strips letters', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '91a2b3456789');
    expect(screen.getByTestId('raw')).toHaveTextContent('+79123456789');
    expect(input).toHaveValue('+7 912 345 67 89');
  });

  it('cannot delete the dial prefix with Backspace', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    await userEvent.type(input, '9');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('+7');
    expect(screen.getByTestId('raw')).toHaveTextContent('+7');
  });

  it('rewrites +8 to 8 for RU (the trunk prefix: the number is +7…)', () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    fireEvent.change(input, { target: { value: '+89123456789' } });
    expect(input).toHaveValue('8 (912) 345-67-89');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79123456789$/);
  });

  it("hands on the picker's dial code plus a national number typed without it (E.164)", async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '9161234567');
    expect(input).toHaveValue('916 123-45-67');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79161234567$/);
    await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    // deleting digits keeps composing
    await userEvent.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('916 123-45');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+791612345$/);
  });

  it('takes at most 18 characters with the dial code: +7 and 16 digits, not 18 digits after +7', async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '9161234567123456789012');
    expect(screen.getByTestId('raw').textContent).toHaveLength(18);
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79161234567123456$/);
    expect((input as HTMLInputElement).value.replace(/\D/g, '')).toBe('9161234567123456');
  });

  it('drops the trunk prefix of a national number: 8 916… is +7916…', async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '8');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+7$/);
    await userEvent.type(input, '9161234567');
    expect(input).toHaveValue('8 (916) 123-45-67');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79161234567$/);
  });

  it('still takes a full + number typed into an empty field, once', async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '+79161234567');
    expect(input).toHaveValue('+7 916 123 45 67');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79161234567$/);
  });

  it('a national number goes on with the dial code of the country picked next', async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '77123456');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+777123456$/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await userEvent.type(await screen.findByPlaceholderText('Search country or code'), 'Armenia');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('country')).toHaveTextContent('AM');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+37477123456$/);
    expect(input).toHaveValue('77123456');
  });

  it('shows a value set from outside (a reset) rather than what was typed', async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '916123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('');
    await userEvent.type(input, '9');
    expect(screen.getByTestId('raw')).toHaveTextContent(/^\+79$/);
  });

  it("warns 'This number belongs to {country}.' and Confirm switches the country", async () => {
    render(<Harness initial="" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    fireEvent.change(input, { target: { value: '+77012345678' } });
    expect(screen.getByRole('alert')).toHaveTextContent('This number belongs to Kazakhstan.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByTestId('country')).toHaveTextContent('KZ');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Incorrect phone number' for an invalid number after blur", async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '912');
    expect(screen.queryByText('Incorrect phone number')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect phone number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it("leaves the message to the host when the host shows an error ('invalid'): one message at a time", async () => {
    render(<Harness invalid />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '912');
    await userEvent.tab();
    expect(screen.queryByText('Incorrect phone number')).toBeNull();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it("has a searchable 'Country' picker with 'Search country or code', 'Try searching by code' and 'Use {code}'", async () => {
    expect(COUNTRY_SELECT_MIN_WIDTH).toBe(280);
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    const search = await screen.findByPlaceholderText('Search country or code');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Kazakhstan+7',
      'Russia+7',
      'Armenia+374',
      'Germany+49',
    ]);
    await userEvent.type(search, 'Germ');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('country')).toHaveTextContent('DE');
    expect(screen.getByTestId('raw')).toHaveTextContent('+49');

    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    const search2 = await screen.findByPlaceholderText('Search country or code');
    await userEvent.type(search2, 'Atlantis');
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    expect(screen.getByText('Try searching by code')).toBeInTheDocument();
    await userEvent.clear(search2);
    await userEvent.type(search2, '+999');
    await userEvent.click(screen.getByRole('button', { name: 'Use +999' }));
    expect(screen.getByTestId('raw')).toHaveTextContent('+999');
  });

  it('shows flags from /flags/1x1 and Russian country names under ru', async () => {
    render(
      <UiTextsProvider locale="ru">
        <Harness />
      </UiTextsProvider>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Страна' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/flags/1x1/ru.svg');
    await userEvent.click(trigger);
    expect(screen.getByRole('option', { name: /Германия/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Поиск страны или кода')).toBeInTheDocument();
  });
});
