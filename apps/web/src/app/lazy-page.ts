import type { ComponentType } from 'react';
import { BASE_PATH } from '@tourdesk/contract/constants';

const RELOAD_FLAG = 'tourdesk:chunk-reload';

/**
 * SPEC §2: a failed dynamic module load reloads the page at the base path — once; a second
 * failure in a row is shown by the error boundary instead of looping.
 */
export const lazyPage =
  <P extends object = object>(
    load: () => Promise<ComponentType<P>>,
    reload: (url: string) => void = (url) => window.location.assign(url),
  ) =>
  async (): Promise<{ Component: ComponentType<P> }> => {
    try {
      const Component = await load();
      window.sessionStorage.removeItem(RELOAD_FLAG);
      return { Component };
    } catch (error) {
      if (window.sessionStorage.getItem(RELOAD_FLAG) === null) {
        window.sessionStorage.setItem(RELOAD_FLAG, '1');
        reload(`${BASE_PATH}/`);
        return new Promise<never>(() => undefined);
      }
      window.sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  };
