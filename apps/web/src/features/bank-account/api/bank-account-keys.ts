/** Query keys of bank accounts (one factory per resource). */
export const bankAccountKeys = {
  all: ['bank-account'] as const,
  list: (organizerId: number) => [...bankAccountKeys.all, 'list', organizerId] as const,
  popupData: (organizerId: number, id: number | null) =>
    [...bankAccountKeys.all, 'popup-data', organizerId, id ?? 'new'] as const,
};
