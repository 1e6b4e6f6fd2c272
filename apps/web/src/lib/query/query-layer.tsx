import { useContext, type ComponentType, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * Provides the app's query client to what it wraps, unless one is provided above already (the
 * signed-in shell, a test's own client). The root of the app carries none: see load-query-client.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A lazily loaded screen or form, wrapped in the query layer (it arrives in the same download). */
export const withQueryLayer = <P extends object>(Component: ComponentType<P>): ComponentType<P> =>
  function WithQueryLayer(props: P) {
    return (
      <QueryLayer>
        <Component {...props} />
      </QueryLayer>
    );
  };
