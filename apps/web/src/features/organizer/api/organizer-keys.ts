/** Query keys of organizers (one factory per resource). */
export const organizerKeys = {
  all: ['organizer'] as const,
  list: () => [...organizerKeys.all, 'list'] as const,
  detail: (id: number) => [...organizerKeys.all, 'detail', id] as const,
};
