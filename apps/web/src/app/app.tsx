import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppQueryClient } from './query-client';
import { createRoutes } from './router';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router and the QueryClient. Creating the router matches the URL and starts the screen's
 * code and calls (app/router.tsx), so main.tsx does it in a task of its own.
 */
export function createApp(): { router: Router; queryClient: QueryClient } {
  const queryClient = createAppQueryClient({
    navigate: (to) => router.navigate(to, { replace: true }),
  });
  const router = createBrowserRouter(createRoutes(queryClient));
  return { router, queryClient };
}

export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  // index.html's loading page stands outside #root; the first render takes its place.
  useLayoutEffect(() => document.getElementById('boot-splash')?.remove(), []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
