/** Tests of the tour editor's fields: a form as a tour section makes one, with the contract's tour checks. */
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { TOUR_FIELD_RULES, tourFieldIssues } from '@tourdesk/contract/api/tour-rules';
import { rules } from '@tourdesk/contract/validation';
import { useContractForm } from '../../../lib/form/use-contract-form';

export { json, renderWithApp } from '../../organizer/components/test-utils';

const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));

/**
 * A section of the tour editor around `children`: the contract's TOUR_FIELD_RULES and
 * tourFieldIssues before sending, `send` gets the body, a failure of `send` goes through the
 * kit's showServerError (its field errors on their fields).
 */
export function TourFieldForm<V extends FieldValues>({
  defaults,
  send,
  children,
}: {
  defaults: V;
  send: (body: V) => Promise<unknown> | void;
  children: ReactNode;
}) {
  const form = useContractForm<V, V>({
    defaults,
    rules: TOUR_FIELD_RULES,
    formRules: { lat: [finite], lng: [finite] },
    check: tourFieldIssues,
  });
  const onSubmit = form.onSubmit(async (body) => {
    try {
      await send(body);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <FormProvider {...form}>
      <form aria-label="Tour section" onSubmit={onSubmit} noValidate>
        {children}
        <button type="submit">Save the section</button>
        <output aria-label="dirty">{form.formState.isDirty ? 'dirty' : 'clean'}</output>
      </form>
    </FormProvider>
  );
}
