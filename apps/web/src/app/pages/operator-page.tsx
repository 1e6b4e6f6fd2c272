import { OperatorConsolePage } from '../../features/operator';

/** /operator: the marketplace operator's console (its own accounts and sessions, not a provider's). */
export function OperatorPage() {
  return <OperatorConsolePage />;
}
