import { lazy, type ComponentType } from 'react';
import { Limits } from '@pathconsult/shared';

/**
 * React.lazy with the script chunk timeout of spec §9 (120 s): a chunk that never arrives becomes
 * an error the route's error boundary shows, instead of an endless spinner.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The page script took too long to load')),
          Limits.chunkLoadTimeoutMs,
        );
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }),
  );
}
