import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { CodedMessage } from '@tourdesk/contract/messages';
import { ruleIssues, type FieldIssue, type FieldRuleMap } from '@tourdesk/contract/validation';
import { setAt } from './paths';

/**
 * What a form checks before it sends: its request's rule map from the contract (the server
 * builds its schema from the same map), the contract's cross-field check of that request, and
 * any rules only the form has (an input's own format), the form's first. One issue per path.
 */
export interface FormChecks<V> {
  /** the contract's rule map of the request (dotted paths, `*` for array rows) */
  rules?: FieldRuleMap;
  /** the contract's whole-body check (e.g. organizerFieldIssues) */
  check?: (values: V) => FieldIssue[];
  /** rules only the form knows (text in a number input), run before the contract's */
  formRules?: FieldRuleMap;
}

export const formIssues = <V>(values: V, checks: FormChecks<V>): FieldIssue[] => {
  const all = [
    ...(checks.formRules ? ruleIssues(values, checks.formRules) : []),
    ...(checks.rules ? ruleIssues(values, checks.rules) : []),
    ...(checks.check ? checks.check(values) : []),
  ];
  const seen = new Set<string>();
  return all.filter((issue) => !seen.has(issue.path) && Boolean(seen.add(issue.path)));
};

/** Issues as one message per path, in the interface language. */
export const issueMessages = (
  issues: readonly FieldIssue[],
  translate: (message: CodedMessage) => string,
): Record<string, string> =>
  Object.fromEntries(issues.map((issue) => [issue.path, translate({ code: issue.code, params: issue.params })]));

/**
 * react-hook-form resolver over FormChecks of the body `prepare` makes of the values (the values
 * themselves by default): errors nested like the values (arrays by index), and on success the
 * body is what the submit handler gets.
 */
export const checksResolver =
  <V extends FieldValues, B extends FieldValues = V>(
    checks: FormChecks<B>,
    translate: (message: CodedMessage) => string,
    prepare: (values: V) => B = (values) => values as unknown as B,
  ): Resolver<V, unknown, B> =>
  (values) => {
    const body = prepare(values);
    const issues = formIssues(body, checks);
    if (issues.length === 0) return { values: body, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(issueMessages(issues, translate)))
      setAt(errors, path, { type: 'validate', message });
    return { values: {}, errors: errors as FieldErrors<V> };
  };
