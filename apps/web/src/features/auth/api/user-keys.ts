/** Query keys of the signed-in user (one factory per resource). */
export const userKeys = {
  all: ['user'] as const,
  profile: () => [...userKeys.all, 'profile'] as const,
};
