import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FORM_RULES,
  VALIDATION_MESSAGES,
  checkRules,
  failureText,
  passwordStrength,
  ruleIssues,
  rules,
  toFormValidate,
  validate,
  validateFields,
  zodFieldRules,
  zodRules,
} from './validation';
import { emailFieldSchema, phoneFieldSchema } from './validation-fields';

describe('default messages (SPEC §5, exact text)', () => {
  it('has every exact default message', () => {
    expect(VALIDATION_MESSAGES.required).toBe('Required field');
    expect(VALIDATION_MESSAGES.min_length).toBe('Minimum {length} characters');
    expect(VALIDATION_MESSAGES.max_length).toBe('Maximum {length} characters');
    expect(VALIDATION_MESSAGES.min_value).toBe('Minimum {min}');
    expect(VALIDATION_MESSAGES.max_value).toBe('Maximum {max}');
    expect(VALIDATION_MESSAGES.email).toBe('Please enter a valid e-mail');
    expect(VALIDATION_MESSAGES.phone_number).toBe('Please enter a valid phone number');
    expect(VALIDATION_MESSAGES.url).toBe('Incorrect url');
    expect(VALIDATION_MESSAGES.confirmed).toBe('Do not match');
    expect(VALIDATION_MESSAGES.phone).toBe(
      'Invalid phone number. Please enter the number in the international format.',
    );
    expect(VALIDATION_MESSAGES.incorrect_value).toBe('Incorrect value');
  });
});

describe('required', () => {
  const r = [rules.required()];
  it.each([undefined, null, '', '   ', [], false])('rejects %j with "Required field"', (v) => {
    expect(validate(v, r)).toBe('Required field');
  });
  it.each(['a', 0, ['x'], true])('accepts %j', (v) => {
    expect(validate(v, r)).toBeNull();
  });
});

describe('email', () => {
  const r = [rules.email()];
  it('lets an empty value pass', () => {
    expect(validate('', r)).toBeNull();
    expect(validate(undefined, r)).toBeNull();
  });
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %s', (v) => {
    expect(validate(v, r)).toBeNull();
  });
  it.each(['plain', 'user@', '@example.com', 'user@example', 'us er@example.com', 'a..b@example.com'])(
    'rejects %s with the e-mail message',
    (v) => {
      expect(validate(v, r)).toBe('Please enter a valid e-mail');
    },
  );
});

describe('min_length', () => {
  it('interpolates the length: "Minimum 8 characters"', () => {
    expect(validate('short', [rules.minLength(8)])).toBe('Minimum 8 characters');
  });
  it('accepts a value of exactly the length', () => {
    expect(validate('12345678', [rules.minLength(8)])).toBeNull();
  });
  it('checks every item of an array', () => {
    expect(validate(['long enough', 'ok'], [rules.minLength(3)])).toBe('Minimum 3 characters');
    expect(validate(['abc', 'defg'], [rules.minLength(3)])).toBeNull();
  });
  it('lets an empty value pass (required reports it)', () => {
    expect(validate('', [rules.minLength(3)])).toBeNull();
  });
});

describe('max_length', () => {
  it('interpolates the length: "Maximum 5 characters"', () => {
    expect(validate('toolong', [rules.maxLength(5)])).toBe('Maximum 5 characters');
    expect(validate('five!', [rules.maxLength(5)])).toBeNull();
  });
  it('checks every item of an array', () => {
    expect(validate(['ab', 'abcdef'], [rules.maxLength(5)])).toBe('Maximum 5 characters');
    expect(validate(['ab', 'abcde'], [rules.maxLength(5)])).toBeNull();
  });
});

describe('min_value', () => {
  it('interpolates min: "Minimum 1"', () => {
    expect(validate(0, [rules.minValue(1)])).toBe('Minimum 1');
    expect(validate('0', [rules.minValue(1)])).toBe('Minimum 1');
  });
  it('accepts the boundary and above', () => {
    expect(validate(1, [rules.minValue(1)])).toBeNull();
    expect(validate('2.5', [rules.minValue(1)])).toBeNull();
  });
  it('rejects a non-number', () => {
    expect(validate('abc', [rules.minValue(1)])).toBe('Minimum 1');
  });
});

describe('max_value', () => {
  it('interpolates max: "Maximum 100"', () => {
    expect(validate(101, [rules.maxValue(100)])).toBe('Maximum 100');
  });
  it('accepts the boundary and below', () => {
    expect(validate(100, [rules.maxValue(100)])).toBeNull();
    expect(validate('-5', [rules.maxValue(100)])).toBeNull();
  });
});

describe('url', () => {
  it.each(['https://example.com', 'http://sub.example.org/path?q=1', 'http://localhost:8080'])('accepts %s', (v) => {
    expect(validate(v, [rules.url()])).toBeNull();
  });
  it.each(['example', 'ftp://example.com', 'javascript:alert(1)', 'https://nodot'])(
    'rejects %s with "Incorrect url"',
    (v) => {
      expect(validate(v, [rules.url()])).toBe('Incorrect url');
    },
  );
  it('lets an empty value pass', () => {
    expect(validate('', [rules.url()])).toBeNull();
  });
});

describe('confirmed', () => {
  const r = [rules.confirmed('password')];
  it('passes when equal to the other field', () => {
    expect(validate('Secret123', r, { password: 'Secret123' })).toBeNull();
  });
  it('fails with "Do not match" when different', () => {
    expect(validate('Secret124', r, { password: 'Secret123' })).toBe('Do not match');
    expect(validate('', r, { password: 'Secret123' })).toBe('Do not match');
  });
});

describe('non_zero', () => {
  it.each(['1', '10', '1.5', '250.75', 7, '0.5'])('accepts %j', (v) => {
    expect(validate(v, [rules.nonZero()])).toBeNull();
  });
  it.each(['01', '0', '0.0', '007', 'abc', '1.', '-1', 0])('rejects %j with the fallback "Incorrect value"', (v) => {
    expect(validate(v, [rules.nonZero()])).toBe('Incorrect value');
  });
});

describe('phone', () => {
  const text = 'Invalid phone number. Please enter the number in the international format.';
  it('allows empty', () => {
    expect(validate('', [rules.phone()])).toBeNull();
    expect(validate(null, [rules.phone()])).toBeNull();
  });
  it('accepts + followed by 9 digits: +123456789', () => {
    expect(validate('+123456789', [rules.phone()])).toBeNull();
  });
  it('accepts a number formatted by the phone input', () => {
    expect(validate('+7 (912) 345-67-89', [rules.phone()])).toBeNull();
  });
  it.each(['+12345678', '123456789', '+12345678a9', '++123456789'])(
    'rejects %s with the exact international-format text',
    (v) => {
      expect(validate(v, [rules.phone()])).toBe(text);
    },
  );
});

describe('rule order and messages', () => {
  it('reports only the first failing rule', () => {
    const r = [rules.required(), rules.minLength(8), rules.maxLength(3)];
    expect(validate('', r)).toBe('Required field');
    expect(validate('abcd', r)).toBe('Minimum 8 characters');
  });
  it('runs rules in the given order', () => {
    expect(validate('abcd', [rules.maxLength(3), rules.minLength(8)])).toBe('Maximum 3 characters');
  });
  it("uses another code's text, with the rule's params", () => {
    expect(validate('ab', [rules.minLength(4, 'max_length')])).toBe('Maximum 4 characters');
  });
  it('falls back to "Incorrect value" for a rule without a message', () => {
    expect(validate('x', [rules.custom(() => false)])).toBe('Incorrect value');
    expect(validate('x', [rules.custom(() => false, 'iban')])).toBe('Incorrect IBAN');
    expect(validate('x', [rules.custom(() => true)])).toBeNull();
  });
  it('returns null when every rule passes', () => {
    expect(validate('user@example.com', [rules.required(), rules.email(), rules.maxLength(50)])).toBeNull();
  });
});

describe('message-code form', () => {
  it('gives the code and params for translation', () => {
    const failure = checkRules('abc', [rules.minLength(8)]);
    expect(failure).toEqual({ rule: 'min_length', code: 'min_length', params: { length: 8 } });
    expect(failureText(failure!)).toBe('Minimum 8 characters');
  });
  it("takes a rule's own code", () => {
    const failure = checkRules('', [rules.required('bik')]);
    expect(failure).toMatchObject({ code: 'bik' });
    expect(failureText(failure!)).toBe('BIK must be 9 digits');
  });
  it('codes non_zero as incorrect_value', () => {
    expect(checkRules('01', [rules.nonZero()])?.code).toBe('incorrect_value');
  });
});

describe('adapters', () => {
  it('toFormValidate returns true or the message, and sees the other form values', () => {
    const v = toFormValidate(FORM_RULES.emailPasswordSetup.confirm_password);
    expect(v('abc', { password: 'abc' })).toBe(true);
    expect(v('abd', { password: 'abc' })).toBe('Do not match');
    expect(v('', { password: 'abc' })).toBe('Required field');
  });
  it('toFormValidate can translate', () => {
    const v = toFormValidate([rules.minLength(8)], (f) => `t:${f.code}:${String(f.params.length)}`);
    expect(v('abc')).toBe('t:min_length:8');
  });
  it('zodRules adds the first message as an issue', () => {
    const schema = z.string().superRefine(zodRules([rules.required(), rules.phone()]));
    const result = schema.safeParse('+1234');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Invalid phone number. Please enter the number in the international format.',
    ]);
    expect(schema.safeParse('+123456789').success).toBe(true);
  });
  it('zodFieldRules puts issues on field paths, cross-field', () => {
    const schema = z.object({ password: z.string(), confirm_password: z.string() }).superRefine(
      zodFieldRules({
        password: FORM_RULES.emailPasswordSetup.password,
        confirm_password: FORM_RULES.emailPasswordSetup.confirm_password,
      }),
    );
    const result = schema.safeParse({ password: 'short', confirm_password: 'other' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Minimum 8 characters'],
      ['confirm_password', 'Do not match'],
    ]);
    expect(schema.safeParse({ password: 'longenough', confirm_password: 'longenough' }).success).toBe(true);
  });
  it('field schemas carry the SPEC messages', () => {
    expect(emailFieldSchema.safeParse('nope').error?.issues[0]?.message).toBe('Please enter a valid e-mail');
    expect(emailFieldSchema.safeParse('').error?.issues[0]?.message).toBe('Required field');
    expect(phoneFieldSchema.safeParse('').success).toBe(true);
  });
});

describe('SPEC §5 form rules', () => {
  it('password recovery: e-mail required and valid', () => {
    expect(validateFields({ email: '' }, FORM_RULES.passwordRecovery)).toEqual({ email: 'Required field' });
    expect(validateFields({ email: 'x' }, FORM_RULES.passwordRecovery)).toEqual({
      email: 'Please enter a valid e-mail',
    });
    expect(validateFields({ email: 'a@b.co' }, FORM_RULES.passwordRecovery)).toEqual({});
  });
  it('phone change: phone required and valid, password required', () => {
    expect(validateFields({ phone: '', password: '' }, FORM_RULES.phoneChange)).toEqual({
      phone: 'Required field',
      password: 'Required field',
    });
    expect(validateFields({ phone: '+1', password: 'x' }, FORM_RULES.phoneChange)).toEqual({
      phone: 'Invalid phone number. Please enter the number in the international format.',
    });
  });
  it('e-mail and password setup: password at least 8, repeat must match', () => {
    expect(
      validateFields({ email: 'a@b.co', password: 'abc', confirm_password: 'abd' }, FORM_RULES.emailPasswordSetup),
    ).toEqual({
      password: 'Minimum 8 characters',
      confirm_password: 'Do not match',
    });
  });
  it('verification code is required; sign partnership needs both acceptances', () => {
    expect(validateFields({ code: '' }, FORM_RULES.verificationCode)).toEqual({ code: 'Required field' });
    expect(
      validateFields({ is_agreement_accepted: true, is_privacy_accepted: false }, FORM_RULES.signPartnership),
    ).toEqual({
      is_privacy_accepted: 'Required field',
    });
  });
  it('a form checks only the fields that apply to it (the setup dialog of an account with a password)', () => {
    expect(ruleIssues({ email: '', current_password: '' }, FORM_RULES.accountSetup)).toEqual([
      { path: 'email', code: 'required' },
      { path: 'current_password', code: 'required' },
    ]);
    expect(ruleIssues({ new_password: 'abcdefgh', confirm_password: 'abcdefgh' }, FORM_RULES.changePassword)).toEqual(
      [],
    );
  });
  it('quick registration: the code needs the e-mail for e-mail, the phone for SMS', () => {
    const quick = (body: Record<string, unknown>) => ruleIssues(body, FORM_RULES.quickSignUp);
    expect(quick({ email: null, phone: null, code_sender: 'email' })).toEqual([
      { path: 'code_sender', code: 'required' },
    ]);
    expect(quick({ email: 'a@b.co', phone: null, code_sender: 'sms' })).toEqual([
      { path: 'code_sender', code: 'phone_for_sms' },
    ]);
    expect(quick({ email: null, phone: '+79161234567', code_sender: 'sms' })).toEqual([]);
    expect(quick({ email: 'a@b.co', phone: null, code_sender: 'email' })).toEqual([]);
  });
});

describe('password strength hint', () => {
  it('is none for an empty password', () => {
    expect(passwordStrength('').status).toBe('none');
  });
  it('is red when shorter than 8 and non-empty', () => {
    expect(passwordStrength('Ab1!').status).toBe('red');
    expect(passwordStrength('a').status).toBe('red');
  });
  it('is strong when all five conditions hold', () => {
    expect(passwordStrength('Abcdef1!')).toEqual({
      status: 'strong',
      conditions: { length: true, lowercase: true, uppercase: true, digit: true, special: true },
    });
  });
  it('is medium when some but not all hold', () => {
    expect(passwordStrength('abcdefgh')).toEqual({
      status: 'medium',
      conditions: { length: true, lowercase: true, uppercase: false, digit: false, special: false },
    });
  });
  it.each(['!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '-', '_', '+'])(
    'counts %s as a special character',
    (c) => {
      expect(passwordStrength(`Abcdefg1${c}`).conditions.special).toBe(true);
    },
  );
  it('does not count other symbols as special', () => {
    expect(passwordStrength('Abcdefg1=').conditions.special).toBe(false);
  });
});

describe('ruleIssues: rule maps over nested values', () => {
  const map = {
    name: [rules.required()],
    'director.last_name': [rules.maxLength(3)],
    'penalties.*.percent': [rules.maxValue(100)],
  };

  it('reports the first failure of each present path, arrays by index', () => {
    expect(
      ruleIssues(
        { name: '', director: { last_name: 'Long' }, penalties: [{ percent: 10 }, { percent: 120 }, { percent: 101 }] },
        map,
      ),
    ).toEqual([
      { path: 'name', code: 'required' },
      { path: 'director.last_name', code: 'max_length', params: { length: 3 } },
      { path: 'penalties.1.percent', code: 'max_value', params: { max: 100 } },
      { path: 'penalties.2.percent', code: 'max_value', params: { max: 100 } },
    ]);
  });

  it('checks nothing a partial body leaves out', () => {
    expect(ruleIssues({ director: {} }, map)).toEqual([]);
    expect(ruleIssues({}, map)).toEqual([]);
  });
});
