/**
 * `routePreloads()`, a build plugin: writes dist/.vite/route-preloads.json, which says for every
 * path of the route table (src/app/router.tsx) what its first load needs besides the entry:
 * `files`, the chunks of its layouts and route module with everything they import statically
 * (and their CSS, if a chunk has its own), and `calls`, the API endpoints (names in the shared
 * contract) its route starts at once (`prefetchCalls`, src/app/prefetch.ts).
 *
 *   { "/": { "files": ["assets/layouts-….js", "assets/ui-….js", …], "calls": ["me", "permissions"] }, … }
 *
 * Every route is lazy, so without help the browser learns of these files only once the entry has
 * run and the router has matched the URL, and of the calls only after that. The server
 * (apps/server/src/plugins/web.ts) puts them into the page as `modulepreload` and `preload`
 * links, so they download alongside the entry; src/bundle-budget.test.ts counts the files as
 * loaded up front.
 *
 * The route table is read from router.tsx's syntax tree: each route object's `path` (a string or
 * `paths.x` from src/config/paths.ts), the `import('…')` inside its `lazy`, the string arguments
 * of a `loader: prefetchCalls(queryClient, '…')`, and its `children`, which inherit the modules
 * and calls of the routes around them (layouts). The build fails when the table does not have
 * that shape, rather than writing a list that misses screens.
 */
import fs from 'node:fs';
import { parseSync, type Plugin } from 'vite';
import { ROUTE_PRELOADS_PATH } from '../../../packages/shared/src/limits.ts';
import { paths } from '../src/config/paths.ts';

/** An ESTree node as the parser gives it; only the fields read here are typed. */
interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The nodes below `node`, depth first. */
function* descendants(node: Node): Generator<Node> {
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      yield child;
      yield* descendants(child);
    }
  }
}

/** The properties of an object literal by name. */
function properties(object: Node): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const property of object.properties as Node[]) {
    const key = property.key as Node | undefined;
    if (property.type === 'Property' && key?.type === 'Identifier') {
      found.set(key.name as string, property.value as Node);
    }
  }
  return found;
}

/** The value of a route's `path`: a string literal, or `paths.x`. */
function routePath(node: Node, file: string): string {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const object = node.object as Node | undefined;
  const property = node.property as Node | undefined;
  if (
    node.type === 'MemberExpression' &&
    object?.type === 'Identifier' &&
    object.name === 'paths' &&
    property?.type === 'Identifier'
  ) {
    const value = (paths as Record<string, string>)[property.name as string];
    if (value !== undefined) return value;
  }
  throw new Error(`${file}: a route path must be a string or paths.x`);
}

/** What a path of the route table loads: its lazy modules (layouts first) and its calls. */
export interface RouteEntry {
  /** Specifiers of the `import()`s, relative to the router file. */
  modules: string[];
  /** Endpoint names given to `prefetchCalls`. */
  calls: string[];
}

/** The names a route's `loader: prefetchCalls(queryClient, '…', …)` starts, if it has one. */
function prefetchedCalls(loader: Node | undefined, file: string): string[] {
  if (!loader) return [];
  const callee = loader.callee as Node | undefined;
  if (loader.type !== 'CallExpression' || callee?.type !== 'Identifier') return [];
  if (callee.name !== 'prefetchCalls') return [];
  return (loader.arguments as Node[]).slice(1).map((argument) => {
    if (argument.type !== 'Literal' || typeof argument.value !== 'string') {
      throw new Error(`${file}: prefetchCalls takes the endpoint names as string literals`);
    }
    return argument.value;
  });
}

/**
 * SPA path → the modules its screen imports lazily (layouts first) and the calls its routes start,
 * read from the `routes` array of the router source.
 */
export function readRouteTable(source: string, file: string): Map<string, RouteEntry> {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const table = new Map<string, RouteEntry>();
  const imports = [...descendants(program as unknown as Node)].filter(
    (node) => node.type === 'ImportExpression',
  );
  let found = 0;

  const visit = (routes: Node, inherited: RouteEntry) => {
    for (const route of routes.elements as Node[]) {
      if (route.type !== 'ObjectExpression') throw new Error(`${file}: a route is not an object`);
      const props = properties(route);
      const lazy = props.get('lazy');
      const lazyImports = lazy
        ? [...descendants(lazy)].filter((n) => n.type === 'ImportExpression')
        : [];
      if (lazyImports.length > 1)
        throw new Error(`${file}: a route's lazy imports more than one module`);
      const specifier = (lazyImports[0]?.source as Node | undefined)?.value;
      if (lazyImports.length === 1 && typeof specifier !== 'string') {
        throw new Error(`${file}: a lazy import must name its module as a string`);
      }
      found += lazyImports.length;
      const entry: RouteEntry = {
        modules:
          typeof specifier === 'string' ? [...inherited.modules, specifier] : inherited.modules,
        calls: [...inherited.calls, ...prefetchedCalls(props.get('loader'), file)],
      };
      const routePathNode = props.get('path');
      if (routePathNode) table.set(routePath(routePathNode, file), entry);
      const children = props.get('children');
      if (children?.type === 'ArrayExpression') visit(children, entry);
    }
  };

  const declaration = [...descendants(program as unknown as Node)].find(
    (node) =>
      node.type === 'VariableDeclarator' &&
      (node.id as Node).type === 'Identifier' &&
      (node.id as Node).name === 'routes',
  );
  const init = declaration?.init as Node | undefined;
  if (init?.type !== 'ArrayExpression') throw new Error(`${file}: no \`routes\` array found`);
  visit(init, { modules: [], calls: [] });
  if (found !== imports.length) {
    throw new Error(`${file}: ${imports.length - found} import() outside the routes' \`lazy\``);
  }
  if (table.size === 0) throw new Error(`${file}: the route table has no paths`);
  return table;
}

export function routePreloads({
  router,
  everyPage = [],
}: {
  /** The file of the route table. */
  router: string;
  /** Modules the app frame imports lazily on every page (the toast area), also preloaded. */
  everyPage?: string[];
}): Plugin {
  return {
    name: 'carevoice:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const table = readRouteTable(fs.readFileSync(router, 'utf8'), router);
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entryFiles = new Set<string>();
      const addEntryFiles = (fileName: string) => {
        if (entryFiles.has(fileName)) return;
        entryFiles.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) entryFiles.add(css);
        chunk.imports.forEach(addEntryFiles);
      };
      for (const chunk of chunks) if (chunk.isEntry) addEntryFiles(chunk.fileName);

      /** The files a lazily imported module needs, beyond those the entry loaded. */
      const filesOf = (moduleId: string): string[] => {
        // Its own chunk, or the shared chunk it was put into (`codeSplitting` in vite.config.ts).
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === moduleId) ??
          chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${moduleId}`);
        const files: string[] = [];
        const add = (fileName: string) => {
          if (entryFiles.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          const imported = bundle[fileName];
          if (imported?.type !== 'chunk') return;
          imported.imports.forEach(add);
          for (const css of imported.viteMetadata?.importedCss ?? []) add(css);
        };
        add(chunk.fileName);
        return files;
      };

      const resolve = async (specifier: string) => {
        const resolved = await this.resolve(specifier, router);
        if (!resolved) throw new Error(`route-preloads: cannot resolve ${specifier}`);
        return resolved.id;
      };
      const framePreloads = await Promise.all(everyPage.map(resolve));
      const preloads: Record<string, { files: string[]; calls?: string[] }> = {};
      for (const [routePath, { modules, calls }] of table) {
        const files: string[] = [];
        for (const id of [...(await Promise.all(modules.map(resolve))), ...framePreloads]) {
          for (const file of filesOf(id)) if (!files.includes(file)) files.push(file);
        }
        preloads[routePath] = calls.length > 0 ? { files, calls } : { files };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_PATH,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
