import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadsFromManifest } from '../../build/route-preloads';
import { paths } from '@/config/paths';
import { ROUTE_AREAS, type RouteArea } from './route-table';

const AREAS: RouteArea[] = [
  { layouts: ['public-layout'], calls: [], screens: [{ path: '/login', screen: 'login' }] },
  {
    layouts: ['guard-layout', 'shell-layout'],
    calls: ['me'],
    screens: [{ path: '/', screen: 'home', calls: ['permissions'] }],
  },
];

/** A manifest as Vite writes it: the entry, a shared chunk every page loads, two screens. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_frame.js'],
    dynamicImports: ['_layouts.js', 'src/app/routes/login.tsx', 'src/app/routes/home.tsx'],
  },
  '_frame.js': { file: 'assets/frame.js' },
  '_layouts.js': { file: 'assets/layouts.js', name: 'layouts', imports: ['_ui.js', 'index.html'] },
  '_ui.js': { file: 'assets/ui.js', imports: ['index.html'], css: ['assets/ui.css'] },
  '_dates.js': { file: 'assets/dates.js', imports: ['_ui.js'] },
  'src/app/routes/login.tsx': {
    file: 'assets/login.js',
    src: 'src/app/routes/login.tsx',
    isDynamicEntry: true,
    imports: ['_ui.js', 'index.html'],
  },
  'src/app/routes/home.tsx': {
    file: 'assets/home.js',
    src: 'src/app/routes/home.tsx',
    isDynamicEntry: true,
    imports: ['_dates.js', 'index.html'],
    dynamicImports: ['src/app/routes/login.tsx'],
  },
};

describe('preloadsFromManifest', () => {
  it('gives each path the shared chunk and its screen with what they import, minus the entry', () => {
    expect(preloadsFromManifest(MANIFEST, AREAS, 'layouts')).toEqual({
      '/login': {
        files: ['assets/layouts.js', 'assets/ui.js', 'assets/ui.css', 'assets/login.js'],
      },
      '/': {
        files: [
          'assets/layouts.js',
          'assets/ui.js',
          'assets/ui.css',
          'assets/home.js',
          'assets/dates.js',
        ],
        calls: ['me', 'permissions'],
      },
    });
  });

  it('fails the build when a screen or the shared chunk is not in the manifest', () => {
    const missing = [{ ...AREAS[0]!, screens: [{ path: '/x', screen: 'nowhere' }] }];
    expect(() => preloadsFromManifest(MANIFEST, missing, 'layouts')).toThrow(/nowhere/);
    expect(() => preloadsFromManifest(MANIFEST, AREAS, 'frame-of-mind')).toThrow(/frame-of-mind/);
  });
});

describe('the route table', () => {
  const routes = ROUTE_AREAS.flatMap((area) => area.screens);

  it('has every path of paths.ts once, and the not-found screen for the rest', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...Object.values(paths), '*'].sort());
  });

  it('names screens and layouts that exist', () => {
    const dir = import.meta.dirname;
    for (const route of routes) {
      expect(fs.existsSync(path.join(dir, 'routes', `${route.screen}.tsx`)), route.screen).toBe(
        true,
      );
    }
    for (const layout of ROUTE_AREAS.flatMap((area) => area.layouts)) {
      expect(fs.existsSync(path.join(dir, 'layouts', `${layout}.tsx`)), layout).toBe(true);
    }
  });
});
