import { UI_TEXT } from '@carevoice/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/spinner';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import { prefetchCalls, type PrefetchedCall } from './prefetch';
import { ROUTE_AREAS } from './route-table';
import { RouteError } from './route-error';

/**
 * A route whose code is fetched on first use, so the entry bundle holds only the app frame.
 * A fetch that has not finished within CHUNK_LOAD_TIMEOUT_MS fails into RouteError.
 */
function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Timed out loading a screen')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}

function AppLoading() {
  return <FullPageLoader label={UI_TEXT.shell.loadingScreen} />;
}

/** The screens' and layouts' modules, each loaded on first use (one chunk per screen). */
const screens = import.meta.glob<{ default: ComponentType }>('./routes/*.tsx');
const layouts = import.meta.glob<{ default: ComponentType }>('./layouts/*.tsx');

function moduleOf(
  modules: Record<string, () => Promise<{ default: ComponentType }>>,
  file: string,
): () => Promise<{ default: ComponentType }> {
  const load = modules[file];
  if (!load) throw new Error(`route table: no module ${file}`);
  return load;
}

/**
 * The router's routes, made from the route table (app/route-table.ts): per area, its layouts
 * nested outermost first, the screens inside the innermost. A route with calls gets a `loader`
 * that starts them (app/prefetch.ts) once, when it is entered.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const areas = ROUTE_AREAS.flatMap((area) => {
    const screenRoutes: RouteObject[] = area.screens.map((route) => ({
      path: route.path,
      lazy: lazyRoute(moduleOf(screens, `./routes/${route.screen}.tsx`)),
      ...withCalls(queryClient, [...(route.calls ?? []), ...(route.stateCalls ?? [])]),
    }));
    return area.layouts.reduceRight<RouteObject[]>(
      (children, layout, depth) => [
        {
          lazy: lazyRoute(moduleOf(layouts, `./layouts/${layout}.tsx`)),
          ...(depth === 0 ? withCalls(queryClient, area.calls) : {}),
          children,
        },
      ],
      screenRoutes,
    );
  });
  return [{ HydrateFallback: AppLoading, ErrorBoundary: RouteError, children: areas }];
}

/** A loader that starts the calls, once per entry into the route (not on every navigation). */
function withCalls(
  queryClient: QueryClient,
  calls: readonly PrefetchedCall[],
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  if (calls.length === 0) return {};
  return { loader: prefetchCalls(queryClient, ...calls), shouldRevalidate: () => false };
}
