import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Field, Input, PasswordInput, toast } from '@tourdesk/ui';
import { Phone } from 'lucide-react';
import { checkRules, isPhoneLogin, rules } from '@tourdesk/contract/validation';
import { isApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import { clearSessionCache } from '../../../lib/query/load-query-client';
import { signIn } from '../api/sign-in';
import { apiErrorText, translateMessage, useTranslateFailure } from '../../../lib/form-errors';

const FIELDS = ['login', 'password'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;
const REQUIRED = [rules.required()];

/**
 * Login (e-mail, or phone when it has only digits, +, -, spaces, parentheses and *) and password.
 *
 * The one form kept in React state rather than react-hook-form, and calling the API without
 * TanStack Query: it is the first screen, and its download budget (README, "Speed") has no room
 * for either library. It behaves as the other forms do — validation on submit, then on every
 * change; server field errors on their fields, the first one focused; anything else in a toast.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const [values, setValues] = useState<Values>({ login: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const asPhone = values.login.trim() !== '' && isPhoneLogin(values.login);

  const check = (next: Values): Errors => {
    const found: Errors = {};
    for (const field of FIELDS) {
      const failure = checkRules(next[field], REQUIRED);
      if (failure) found[field] = translate(failure);
    }
    return found;
  };
  const focusFirst = (found: Errors) => inputs.current[FIELDS.find((f) => found[f] !== undefined) ?? 'login']?.focus();

  const change = (field: FieldName) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    sending.current = true;
    setPending(true);
    try {
      const { token } = await signIn({ login: values.login.trim(), password: values.password });
      api.setSessionToken(token);
      // whatever the cache knew about a previous session goes before the next screen loads
      await clearSessionCache();
      onSignedIn();
    } catch (error) {
      if (!isApiError(error) || error.status === 0) toast.error(apiErrorText(error, tc));
      else {
        const known: Errors = {};
        for (const [field, messages] of Object.entries(error.fieldErrors))
          if ((FIELDS as readonly string[]).includes(field))
            known[field as FieldName] = translateMessage(messages[0], tc);
        setErrors(known);
        // SPEC §8: a server message shows when nothing could be attached to a field
        if (Object.keys(known).length === 0) toast.error(apiErrorText(error, tc));
        else focusFirst(known);
      }
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <Field
        label={t('login')}
        error={errors.login}
        hint={
          asPhone ? (
            <span className="inline-flex items-center gap-1">
              <Phone size={12} aria-hidden="true" />
              {t('loginIsPhone')}
            </span>
          ) : undefined
        }
      >
        <Input
          ref={(el) => void (inputs.current.login = el)}
          name="login"
          autoComplete="username"
          inputMode={asPhone ? 'tel' : 'email'}
          placeholder={t('loginPlaceholder')}
          invalid={Boolean(errors.login)}
          value={values.login}
          onChange={change('login')}
        />
      </Field>
      <Field label={t('password')} error={errors.password}>
        <PasswordInput
          ref={(el) => void (inputs.current.password = el)}
          name="password"
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          value={values.password}
          onChange={change('password')}
        />
      </Field>
      <div className="-mt-1 flex justify-end">
        <Link
          to="/password-recovery"
          className="text-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
        >
          {t('forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" block loading={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
