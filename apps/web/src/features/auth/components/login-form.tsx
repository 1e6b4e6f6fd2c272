import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Field, Input, PasswordInput, toast } from '@tourdesk/ui';
import { Phone } from 'lucide-react';
import { FORM_RULES, isPhoneLogin } from '@tourdesk/contract/validation';
import type { CodedMessage } from '@tourdesk/contract/messages';
import { api } from '../../../lib/api/client';
import { clearSessionCache } from '../../../lib/query/load-query-client';
import { signIn, type SignInInput } from '../api/sign-in';
import { apiErrorText, translateMessage } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form/form-values';
import { formIssues, issueMessages } from '../../../lib/form/issues';
import { serverErrorTargets } from '../../../lib/form/server-errors';
import { loadErrorTexts } from '../../../lib/i18n/i18n';

const FIELDS = ['login', 'password'] as const satisfies readonly (keyof SignInInput)[];
type FieldName = (typeof FIELDS)[number];
/** the sign-in body as the two inputs hold it */
type Values = FormValues<SignInInput>;
type Errors = Partial<Record<FieldName, string>>;
const CHECKS = { rules: FORM_RULES.signIn };
const isField = (path: string): path is FieldName => (FIELDS as readonly string[]).includes(path);

/**
 * Login (e-mail, or phone when it has only digits, +, -, spaces, parentheses and *) and password.
 *
 * The one form kept in React state rather than react-hook-form, and calling the API without
 * TanStack Query: it is the first screen, and its download budget (README, "Speed") has no room
 * for either library. It uses the form kit's core (lib/form/issues, lib/form/server-errors), so
 * it behaves as the other forms do — the contract's rules on submit, then on every change; server
 * field errors on their fields, the first one focused; anything else in one toast.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const translate = (message: CodedMessage) => translateMessage(message, tc);
  const [values, setValues] = useState<Values>({ login: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const asPhone = values.login.trim() !== '' && isPhoneLogin(values.login);

  const check = (next: Values): Errors => issueMessages(formIssues(next, CHECKS), translate);
  const focusFirst = (found: Errors) => inputs.current[FIELDS.find((f) => found[f] !== undefined) ?? 'login']?.focus();

  const change = (field: FieldName) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    sending.current = true;
    // the error texts are not part of /login's first download: here before any message is made
    // (started on the first focus, so usually there already)
    try {
      await loadErrorTexts();
    } catch {
      // offline: the messages fall back to the generic text; the sign-in itself says what failed
    } finally {
      sending.current = false;
    }
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
      // SPEC §8: a server message shows when nothing could be attached to a field
      const targets = serverErrorTargets(error, isField);
      const known: Errors = Object.fromEntries(targets.fields.map(({ path, message }) => [path, translate(message)]));
      setErrors(known);
      if (targets.fields.length > 0) focusFirst(known);
      if (targets.toast) toast.error(targets.toastMessage ? translate(targets.toastMessage) : apiErrorText(error, tc));
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadErrorTexts().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
    >
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
