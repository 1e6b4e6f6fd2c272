import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from './cn';
import { COUNTRY_SELECT_MIN_WIDTH } from './constants';
import { useUiTexts } from './i18n';
import { Input } from './input';
import { Select } from './select';
import {
  backspaceHitsPrefix,
  composePhone,
  DEFAULT_FLAG_BASE_URL,
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
import { countryName } from './country-name';

export interface PhoneInputProps {
  /**
   * The number: digits with a leading + (no formatting). Digits typed without a + are the
   * national number after the picker's dial code: onChange gets dial code + national number
   * (E.164), while the field keeps showing what was typed.
   */
  value: string;
  onChange: (value: string) => void;
  countries: readonly PhoneCountry[];
  /** ISO code of the selected country. */
  country: string;
  onCountryChange: (isoCode: string) => void;
  /** Base URL of the square flags; default '/flags/1x1/'. */
  flagBaseUrl?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** The host shows an error of its own: the input's 'Incorrect phone number' stays hidden (one message at a time). */
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  onBlur?: () => void;
  className?: string;
}

interface CountryOption extends PhoneCountry {
  label: string;
}

function Flag({ isoCode, baseUrl }: { isoCode: string; baseUrl: string }) {
  return (
    <img
      src={flagUrl(isoCode, baseUrl)}
      alt=""
      width={20}
      height={20}
      loading="lazy"
      className="size-5 shrink-0 rounded-full object-cover"
    />
  );
}

/**
 * A phone input with a country picker: strips letters, max length 18 (the dial code included), formats per country
 * as you type, warns about another country's number, +8 → 8 for RU, and Backspace
 * cannot delete the dial prefix. A national number typed after the picker's dial code is
 * handed on as dial code + national number (E.164).
 */
export function PhoneInput({
  value,
  onChange,
  countries,
  country,
  onCountryChange,
  flagBaseUrl = DEFAULT_FLAG_BASE_URL,
  id,
  name,
  disabled,
  invalid,
  onBlur,
  className,
  ...aria
}: PhoneInputProps) {
  const { t, locale } = useUiTexts();
  const autoId = useId();
  const inputId = id ?? `phone-${autoId}`;
  const messageId = `${inputId}-message`;
  const [touched, setTouched] = useState(false);

  const options = useMemo<CountryOption[]>(
    () => sortPhoneCountries(countries).map((c) => ({ ...c, label: countryName(c.iso_code, locale, c.name) })),
    [countries, locale],
  );
  const selected = options.find((c) => c.iso_code.toUpperCase() === country.toUpperCase());
  const prefix = dialPrefix(selected);
  /** A number of the picker's country shows its national part: the picker shows the dial code already. */
  const nationalOf = (phone: string): string =>
    prefix && phone.length > prefix.length && phone.startsWith(prefix) && !foreignPhoneCountry(phone, country)
      ? phone.slice(prefix.length)
      : phone;
  /** What was typed (digits, maybe a leading +); `value` is what it composes to. */
  const [typed, setTyped] = useState(() => nationalOf(value));
  // The field shows what was typed while it still composes to `value`; a value set from outside
  // (loaded, a reset, another number) shows as its national part when it is of the picker's country.
  const text = composePhone(typed, country, prefix) === value ? typed : nationalOf(value);
  const emit = (typedText: string, iso: string = country, nextPrefix: string = prefix) => {
    // max length 18 counts the picker's dial code too: '+7' leaves room for 16 digits
    const nextText = limitPhoneInput(typedText, nextPrefix);
    setTyped(nextText);
    onChange(composePhone(nextText, iso, nextPrefix));
  };

  const foreign = value ? foreignPhoneCountry(value, country) : null;
  const foreignKnown = foreign ? options.find((c) => c.iso_code.toUpperCase() === foreign.toUpperCase()) : undefined;
  const digitsBeyondPrefix = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  // SPEC §5: one message at a time; an error the host shows (`invalid`) comes first.
  const showInvalid = touched && !invalid && digitsBeyondPrefix.length > 0 && !foreign && !isPhoneValid(value, country);

  const changeCountry = (iso: string) => {
    const next = options.find((c) => c.iso_code === iso);
    const nextPrefix = dialPrefix(next);
    // Swap the old dial prefix for the new one; an empty input gets the new prefix; a national
    // number stays as typed and goes on with the new dial code.
    if (!text || text === prefix) emit(nextPrefix, iso, nextPrefix);
    else if (!text.startsWith('+')) emit(text, iso, nextPrefix);
    else if (prefix && text.startsWith(prefix)) emit(nextPrefix + text.slice(prefix.length), iso, nextPrefix);
    onCountryChange(iso);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace') return;
    const input = event.currentTarget;
    const formattedPrefix = formatPhone(prefix, country);
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    if (backspaceHitsPrefix(input.value, formattedPrefix, start, end)) event.preventDefault();
  };

  const describedBy =
    [aria['aria-describedby'], foreign || showInvalid ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex gap-2">
        <Select<CountryOption>
          aria-label={t('country')}
          className="w-28 shrink-0"
          options={options}
          valueKey="iso_code"
          textKey="label"
          value={selected?.iso_code ?? null}
          onChange={(iso) => iso !== null && changeCountry(String(iso))}
          searchable
          searchPlaceholder={t('searchCountry')}
          minWidth={COUNTRY_SELECT_MIN_WIDTH}
          disabled={disabled}
          filter={(option, query) => matchesCountryQuery(option, query, option.label)}
          renderValue={(chosen) => {
            const c = chosen[0];
            return c ? (
              <span className="flex items-center gap-2">
                <Flag isoCode={c.iso_code} baseUrl={flagBaseUrl} />
                <span className="tabular-nums">{dialPrefix(c)}</span>
              </span>
            ) : null;
          }}
          renderOption={(option) => (
            <span className="flex items-center gap-2">
              <Flag isoCode={option.iso_code} baseUrl={flagBaseUrl} />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              <span className="text-neutral-500 tabular-nums">{dialPrefix(option)}</span>
            </span>
          )}
          renderEmpty={(query, close) => {
            const code = query.replace(/\D/g, '');
            return (
              <div className="mt-1 flex flex-col items-start gap-1">
                <span className="text-xs">{t('trySearchingByCode')}</span>
                {code && /^\+?\d+$/.test(query.trim()) && (
                  <button
                    type="button"
                    className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
                    onClick={() => {
                      emit(`+${code}`);
                      close();
                    }}
                  >
                    {t('useCode', { code: `+${code}` })}
                  </button>
                )}
              </div>
            );
          }}
        />
        <Input
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          disabled={disabled}
          invalid={invalid || showInvalid}
          aria-label={aria['aria-label']}
          aria-required={aria['aria-required']}
          aria-invalid={invalid || showInvalid || aria['aria-invalid'] || undefined}
          aria-describedby={describedBy}
          value={formatPhone(text, country)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const next = normalizePhoneInput(event.target.value, country);
            // Formatting characters deleted on their own would leave the digits unchanged:
            // treat a Backspace over them as deleting the digit before.
            if (
              next === text &&
              event.target.value.length < formatPhone(text, country).length &&
              sanitizePhoneInput(event.target.value) === text
            ) {
              emit(text.slice(0, -1));
              return;
            }
            emit(next);
          }}
          onBlur={() => {
            setTouched(true);
            onBlur?.();
          }}
          className="min-w-0 flex-1"
        />
      </div>
      {foreign && (
        <div id={messageId} role="alert" className="flex flex-wrap items-center gap-2 text-xs text-warning-700">
          <span>{t('phoneOtherCountry', { country: foreignKnown?.label ?? countryName(foreign, locale) })}</span>
          {foreignKnown && (
            <button
              type="button"
              className="rounded-md border border-warning-300 px-2 py-0.5 font-medium text-warning-800 hover:bg-warning-50"
              onClick={() => onCountryChange(foreignKnown.iso_code)}
            >
              {t('confirm')}
            </button>
          )}
        </div>
      )}
      {showInvalid && (
        <div id={messageId} role="alert" className="text-xs text-danger-600">
          {t('incorrectPhone')}
        </div>
      )}
    </div>
  );
}
