import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from '../../build/route-preloads';
import { paths } from '@/config/paths';

/** The build's reading of the route table (build/route-preloads.ts), on small tables. */
describe('readRouteTable', () => {
  const read = (routes: string) =>
    Object.fromEntries(readRouteTable(`const x = 1;\nconst routes = ${routes};`, 'router.tsx'));

  it('gives each path its lazy modules and calls, inherited from the routes around it', () => {
    expect(
      read(`[
        {
          lazy: lazyRoute(() => import('./layouts/guard')),
          loader: prefetchCalls(queryClient, 'me'),
          children: [
            { path: paths.home, lazy: lazyRoute(() => import('./routes/home')),
              loader: prefetchCalls(queryClient, 'permissions') },
            { path: '/plain', lazy: () => import('./routes/plain') },
          ],
        },
        { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
      ]`),
    ).toEqual({
      '/': { modules: ['./layouts/guard', './routes/home'], calls: ['me', 'permissions'] },
      '/plain': { modules: ['./layouts/guard', './routes/plain'], calls: ['me'] },
      '*': { modules: ['./routes/not-found'], calls: [] },
    });
  });

  it.each([
    [
      'an import() outside a lazy',
      `[{ path: '/a', lazy: () => import('./a'), x: () => import('./b') }]`,
    ],
    ['a path that is not a string or paths.x', `[{ path: somewhere, lazy: () => import('./a') }]`],
    ['an unknown paths.x', `[{ path: paths.nowhere, lazy: () => import('./a') }]`],
    ['a computed module', `[{ path: '/a', lazy: () => import(name) }]`],
    ['a call named by a variable', `[{ path: '/a', loader: prefetchCalls(queryClient, me) }]`],
    ['no paths', `[{ lazy: () => import('./a') }]`],
  ])('fails the build on %s', (_case, routes) => {
    expect(() => read(routes)).toThrow();
  });

  it("reads the app's route table: every path, with its own screen last", () => {
    const file = path.join(import.meta.dirname, 'router.tsx');
    const table = readRouteTable(fs.readFileSync(file, 'utf8'), file);
    expect([...table.keys()].sort()).toEqual([...Object.values(paths), '*'].sort());
    expect(table.get(paths.home)?.modules.at(-1)).toBe('./routes/home');
    expect(table.get(paths.login)?.modules).toEqual(['./layouts/public-layout', './routes/login']);
  });
});
