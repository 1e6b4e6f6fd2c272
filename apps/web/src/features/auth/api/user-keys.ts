/** Query keys of the signed-in user (one factory per resource). */
export const userKeys = {
  all: ['user'] as const,
  profile: () => [...userKeys.all, 'profile'] as const,
  /** a password-reset link token's validity (check-password-reset-token) */
  resetToken: (token: string) => [...userKeys.all, 'reset-token', token] as const,
};
