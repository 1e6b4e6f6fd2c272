import { useCallback, useEffect, useMemo } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import type { CodedMessage } from '@tourdesk/contract/messages';
import { apiErrorText, translateMessage } from '../form-errors';
import { formBody, type FormValues } from './form-values';
import { checksResolver, type FormChecks } from './issues';
import { rootOf, valueAt } from './paths';
import { serverErrorTargets } from './server-errors';

/** Checks and `prepare` are module constants (rule maps, the contract's functions), not made per render. */
export interface ContractFormOptions<
  B extends FieldValues,
  V extends FieldValues = FormValues<B>,
> extends FormChecks<B> {
  /**
   * The values the form starts from, shaped like the request body (the stored record's fields,
   * or the request's defaults). Their top-level keys are the fields this form owns: a server
   * error on any other field is a toast. New defaults (a save, a live update) replace the values
   * while nothing is edited.
   */
  defaults: V;
  /**
   * The body made of the values, where it is more than `formBody` (the checked values as they
   * are): a screen that shows more than the request holds (every weekday, every network, a
   * UI-only toggle), a blank date sent as null, a bare dial code as no phone. The checks and the
   * submit handler see the body; its paths must be the values' paths so errors land on their fields.
   */
  prepare?: (values: V) => B;
  /**
   * After the first submit, check again on every change (default) or when a field is left. On
   * blur, a message that goes away shifts the form under the pointer between pressing and
   * releasing Save, and the click is lost: keep the default unless a field is costly to check.
   */
  reValidateMode?: 'onChange' | 'onBlur';
}

export type ContractForm<B extends FieldValues, V extends FieldValues = FormValues<B>> = UseFormReturn<
  V,
  unknown,
  B
> & {
  /** onSubmit for a <form>: checks everything first, then calls `send` with the body */
  onSubmit: (send: SubmitHandler<B>) => (event?: React.BaseSyntheticEvent) => void;
  /** a failed call's messages on their fields by path, anything else one translated toast */
  showServerError: (error: unknown) => void;
  /** a code in the interface language */
  translate: (message: CodedMessage) => string;
};

/**
 * The one form kit (react-hook-form underneath). A form names its request body `B` (the
 * contract's type) and holds `FormValues<B>` (every field present, numbers nullable); its
 * rules are the contract's rule map and check of that request (the server validates with the
 * same ones), so a form says what it sends and the kit does the rest: checks before sending,
 * errors nested like the values (`penalties.2.percent`), server errors by path, one toast for
 * the rest, dirty state for a section's Save and the unsaved-changes guard.
 */
export function useContractForm<B extends FieldValues, V extends FieldValues = FormValues<B>>(
  options: ContractFormOptions<B, V>,
): ContractForm<B, V> {
  const { t } = useTranslation();
  const translate = useCallback((message: CodedMessage) => translateMessage(message, t), [t]);
  const { rules, formRules, check, prepare } = options;
  // checks are module constants (rule maps, the contract's check functions), so this runs once
  const resolver = useMemo(
    () => checksResolver<V, B>({ rules, formRules, check }, translate, prepare ?? (formBody as (values: V) => B)),
    [rules, formRules, check, prepare, translate],
  );
  const form = useForm<V, unknown, B>({
    defaultValues: options.defaults as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: options.reValidateMode ?? 'onChange',
  });
  const { reset, formState, setError, handleSubmit, getValues } = form;

  const defaultsKey = JSON.stringify(options.defaults);
  useEffect(() => {
    if (!formState.isDirty) reset(options.defaults);
    // a new record replaces untouched values only; edits in progress stay
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultsKey, reset]);

  const showServerError = useCallback(
    (error: unknown) => {
      // the form's fields are its values' top-level keys (the defaults' keys)
      const owns = (path: string) => Object.prototype.hasOwnProperty.call(getValues(), rootOf(path));
      const targets = serverErrorTargets(error, owns);
      // a path inside a field's value (`allowed_tour_ids.3` of a text input) lands on the field
      const fieldOf = (path: string): string => {
        let at = path;
        while (at.includes('.') && valueAt(getValues(), at) === undefined) at = at.slice(0, at.lastIndexOf('.'));
        return at;
      };
      targets.fields.forEach(({ path, message }, i) =>
        setError(
          fieldOf(path) as FieldPath<V>,
          { type: 'server', message: translate(message) },
          { shouldFocus: i === 0 },
        ),
      );
      if (targets.toast) toast.error(targets.toastMessage ? translate(targets.toastMessage) : apiErrorText(error, t));
    },
    [setError, getValues, translate, t],
  );

  const onSubmit = useCallback(
    (send: SubmitHandler<B>) => (event?: React.BaseSyntheticEvent) => void handleSubmit(send)(event),
    [handleSubmit],
  );

  return { ...form, onSubmit, showServerError, translate };
}
