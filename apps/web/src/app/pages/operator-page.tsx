import { OperatorConsolePage } from '../../features/operator';
import { SupportDesk } from '../../features/chat/support-desk/support-desk-page';

/**
 * /operator: the marketplace operator's console (its own accounts and sessions, not a provider's),
 * with the support desk (the chat feature's) in its Support tab, on the console's session.
 */
export function OperatorPage() {
  return <OperatorConsolePage supportDesk={(desk) => <SupportDesk desk={desk} />} />;
}
