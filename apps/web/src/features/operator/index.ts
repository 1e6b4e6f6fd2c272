/** The operator console (issue 30): sign-in with TOTP, the moderation queues, the audit log. */
export { OperatorConsolePage } from './components/operator-console-page';
export type { SupportDeskSlot } from './components/operator-console-page';
