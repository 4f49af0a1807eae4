#!/usr/bin/env node
/**
 * `npm run create-user | backup | restore -- …`: runs the server's command-line tool from the
 * built server (apps/server/dist), which `npm start` and `npm run build` leave behind, so the tool
 * starts at once and does not rebuild the files of a server that is running. Only without a build
 * (a fresh clone) does it build the shared package and the server first.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const [tool, ...args] = process.argv.slice(2);
const entry = `apps/server/dist/cli/${tool}.js`;

if (!fs.existsSync(entry)) {
  for (const workspace of ['packages/shared', 'apps/server']) {
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
const run = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
