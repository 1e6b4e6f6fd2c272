/** Query keys of the account screens (one factory per resource). */
export const accountKeys = {
  all: ['account'] as const,
  phoneConfirmationMethods: () => [...accountKeys.all, 'phone-confirmation-methods'] as const,
  notificationChats: () => [...accountKeys.all, 'chats-for-notifications'] as const,
  connectionCode: (sourceId: number) => [...accountKeys.all, 'connection-code', sourceId] as const,
};
