#!/usr/bin/env node
// `npm test`: the whole suite. Filled out as suites land.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['vitest', 'run']);
