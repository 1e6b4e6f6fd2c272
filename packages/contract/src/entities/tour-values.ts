/** Value lists of a tour's parts, zod-free (the web's screens read them at run time). */

/** Meals of a programme day. */
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

/** How tourists can arrive at or leave a tour city. */
export const TRANSPORT_KINDS = ['plane', 'train', 'bus', 'car', 'ship'] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];
