import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toast area, fetched alongside the first screen rather than with the entry bundle. Should
 * its code not arrive (offline), the app goes on without toasts instead of failing.
 */
const Toasts = lazy((): Promise<{ default: ComponentType }> =>
  import('./toasts').catch(() => ({ default: () => null })),
);

/** Everything every screen relies on: theme, server-state cache and the toast area (spec §9). */
export function AppProvider({
  queryClient,
  env,
  children,
}: {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals under jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
