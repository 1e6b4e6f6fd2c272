import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CreateTouristBody } from '@tourdesk/contract/api/request-tourist';
import type { OrganizerUpdateBody } from '@tourdesk/contract/api/organizer';
import { formBody, type FormValues } from './form-values';

describe('FormValues', () => {
  it('makes every field present and every number nullable, enums kept', () => {
    interface Body {
      name: string;
      seats?: number;
      price: number | null;
      type: 1 | 2;
      note?: string | null;
      is_open: boolean;
    }
    expectTypeOf<FormValues<Body>>().toEqualTypeOf<{
      name: string;
      seats: number | null;
      price: number | null;
      type: 1 | 2 | null;
      note: string | null;
      is_open: boolean;
    }>();
  });

  it('maps nested objects and rows of objects; lists of plain values stay', () => {
    interface Body {
      guide?: { name: string; years?: number };
      penalties: { days_before: number; percent: number }[];
      tour_ids: number[] | null;
      emails: string[];
    }
    expectTypeOf<FormValues<Body>>().toEqualTypeOf<{
      guide: { name: string; years: number | null };
      penalties: { days_before: number | null; percent: number | null }[];
      tour_ids: number[] | null;
      emails: string[];
    }>();
  });

  it('derives from the contract: a tourist is every field, the request id a number the form may lack', () => {
    expectTypeOf<FormValues<CreateTouristBody>['birthday']>().toEqualTypeOf<string | null>();
    expectTypeOf<FormValues<CreateTouristBody>['first_name']>().toEqualTypeOf<string>();
    expectTypeOf<FormValues<CreateTouristBody>['request_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<NonNullable<FormValues<OrganizerUpdateBody>['penalties']>[number]['percent']>().toEqualTypeOf<
      number | null
    >();
  });

  it('formBody hands the checked values on as the body, unchanged', () => {
    const values: FormValues<{ name: string; seats?: number }> = { name: 'Altai', seats: 4 };
    const body: { name: string; seats?: number } = formBody(values);
    expect(body).toEqual({ name: 'Altai', seats: 4 });
  });
});
