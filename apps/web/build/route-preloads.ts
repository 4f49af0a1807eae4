/**
 * `routePreloads()`, a build plugin: writes ROUTE_PRELOADS_PATH (dist/.vite/route-preloads.json),
 * which says for every path of the route table (src/app/route-table.ts) what its first load
 * needs besides the entry: `files`, the chunk of its screen and of the layouts with everything
 * they import statically (and their CSS, if a chunk has its own), and `calls`, the API endpoints
 * its route starts at once.
 *
 *   { "/": { "files": ["assets/layouts-….js", "assets/ui-….js", …], "calls": ["me", "permissions"] }, … }
 *
 * Every route is lazy, so without help the browser learns of these files only once the entry has
 * run and the router has matched the URL. The server (apps/server/src/plugins/web.ts) puts them
 * into the page as `modulepreload` and `preload` links, so they download alongside the entry;
 * src/bundle-budget.test.ts counts them as loaded up front.
 *
 * The files come from Vite's own manifest (`build.manifest`): a screen's module is its key
 * there; the layouts and the toast area share one chunk, named `layouts` in vite.config.ts, which
 * every page loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { ROUTE_PRELOADS_PATH } from '../../../packages/shared/src/limits.ts';
import type { RouteArea } from '../src/app/route-table.ts';

/** Where Vite writes its manifest inside the output folder (its default). */
const VITE_MANIFEST = '.vite/manifest.json';

export type RoutePreloads = Record<string, { files: string[]; calls?: string[] }>;

/**
 * Per path of the route table: the files its first load needs beyond the entry's, in the order
 * found (each chunk before what it imports), and its calls (the area's, then the screen's).
 */
export function preloadsFromManifest(
  manifest: Manifest,
  areas: readonly RouteArea[],
  everyPageChunk: string,
): RoutePreloads {
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`route-preloads: ${key} is not in Vite's manifest`);
    return found;
  };
  /** The key and every chunk it imports statically, depth first. */
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of chunk(key).imports ?? []) closure(imported, into);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const upFront = new Set<string>();
  for (const key of entries) closure(key, upFront);
  const shared = Object.keys(manifest).find((key) => manifest[key]?.name === everyPageChunk);
  if (!shared) throw new Error(`route-preloads: no chunk named ${everyPageChunk}`);

  const filesOf = (keys: readonly string[]) => {
    const needed = new Set<string>();
    for (const key of keys) closure(key, needed);
    const files = [...needed]
      .filter((key) => !upFront.has(key))
      .flatMap((key) => [chunk(key).file, ...(chunk(key).css ?? [])]);
    return [...new Set(files)];
  };
  const preloads: RoutePreloads = {};
  for (const area of areas) {
    for (const route of area.screens) {
      const files = filesOf([shared, `src/app/routes/${route.screen}.tsx`]);
      const calls = [...area.calls, ...(route.calls ?? [])];
      preloads[route.path] = calls.length > 0 ? { files, calls } : { files };
    }
  }
  return preloads;
}

export function routePreloads({
  areas,
  everyPageChunk,
}: {
  /** The route table. */
  areas: readonly RouteArea[];
  /** The chunk every page loads (the layouts and the toast area). */
  everyPageChunk: string;
}): Plugin {
  let outDir = '';
  return {
    name: 'carevoice:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      if (config.build.manifest !== true) {
        throw new Error('route-preloads: set build.manifest to true in vite.config.ts');
      }
    },
    writeBundle(_options, bundle) {
      const asset = bundle[VITE_MANIFEST];
      if (asset?.type !== 'asset') throw new Error(`route-preloads: no ${VITE_MANIFEST}`);
      const manifest = JSON.parse(String(asset.source)) as Manifest;
      const preloads = preloadsFromManifest(manifest, areas, everyPageChunk);
      fs.writeFileSync(
        path.join(outDir, ROUTE_PRELOADS_PATH),
        `${JSON.stringify(preloads, null, 2)}\n`,
      );
    },
  };
}
