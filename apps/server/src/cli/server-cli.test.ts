/**
 * Issue 33, defects met on the way: `npm run create-user` rebuilt the server (23 s, also while it
 * ran). scripts/server-cli.mjs runs the built tool when there is one, and builds only without it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/server-cli.mjs', import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('scripts/server-cli.mjs', () => {
  it('runs the built tool at once, with its arguments, and builds nothing', () => {
    // A checkout with a built server and no package.json: a build would fail (npm finds no
    // workspace), so the tool's own output proves none was tried.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-cli-'));
    folders.push(root);
    const tool = path.join(root, 'apps/server/dist/cli/echo-tool.js');
    fs.mkdirSync(path.dirname(tool), { recursive: true });
    fs.writeFileSync(
      tool,
      "console.log(JSON.stringify(process.argv.slice(2))); process.exit(process.argv.includes('--fail') ? 3 : 0);\n",
    );
    const started = performance.now();
    const run = spawnSync(process.execPath, [script, 'echo-tool', '--email', 'it@x.example'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('["--email","it@x.example"]');
    expect(performance.now() - started).toBeLessThan(10_000);
    // The tool's exit status is the command's.
    const failed = spawnSync(process.execPath, [script, 'echo-tool', '--fail'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(failed.status).toBe(3);
  });
});
