import fs from 'node:fs';
import path from 'node:path';

/** apps/web/dist, which `npm run build` (the step before Vitest in `npm test`) writes. */
export const DIST_DIR = path.resolve(import.meta.dirname, '../../dist');

/**
 * A file of the production build, by its path inside dist. Fails with what to do when there is no
 * build, since the tests that read it measure the build, not the sources.
 */
export function readBuilt(file: string): string {
  const full = path.join(DIST_DIR, file);
  if (!fs.existsSync(full)) {
    throw new Error(
      `${full} is missing: build the web app first (npm run build -w apps/web; npm test builds before it tests)`,
    );
  }
  return fs.readFileSync(full, 'utf8');
}

/** The built files under dist/assets that end with `extension` ('.js', '.css'). */
export function builtAssets(extension: string): string[] {
  readBuilt('index.html');
  return fs
    .readdirSync(path.join(DIST_DIR, 'assets'))
    .filter((name) => name.endsWith(extension))
    .map((name) => `assets/${name}`);
}
