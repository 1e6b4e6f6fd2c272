import { useMatches } from 'react-router';
import type { RouteHandle } from './router';

/** The deepest matched route: its params and handle (layouts sit above it and need both). */
export const useLeafRoute = (): {
  params: Readonly<Record<string, string | undefined>>;
  handle: RouteHandle | undefined;
  pathname: string;
} => {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const withHandle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  return {
    params: leaf?.params ?? {},
    handle: withHandle?.handle as RouteHandle | undefined,
    pathname: leaf?.pathname ?? '/',
  };
};
