/**
 * The load client (autocannon) in a process of its own, for bench/run.mjs and bench/census.mjs.
 *
 * In the bench's own process, autocannon shared one event loop with the bench's bookkeeping and
 * parsed every answer there; on two cores that made the client, not the server, the limit for
 * PostgreSQL's 30–40 kB lists (docs/performance.md, "the load client in a process of its own").
 *
 *   const cannon = startCannon();
 *   cannon.load('answers', bodies);               // request bodies, kept in the child
 *   const { result, next, exhausted, served, cpuMs } = await cannon.run(options, feed, pid);
 *   await cannon.close();
 *
 * `autocannonOptions` are plain autocannon options (no functions: they cross a process).
 * `feed`, optional, replaces `requests` with one request that sends the loaded bodies in turn:
 * `{ name, method, path, start, cycle, idempotencyKey, fallbackPath }`. With `cycle` the bodies
 * repeat; without, the run stops when they run out (`exhausted`), the last requests being GETs of
 * `fallbackPath` rather than a request that fails. `next` is where the following run starts.
 * `served` counts every request answered, the warm-up's included; `cpuMs` is the CPU the process
 * `pid` (the server measured) used over the same time, undefined without /proc.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs } from './process.mjs';

export function startCannon() {
  const child = fork(fileURLToPath(import.meta.url), ['--cannon-child'], {
    serialization: 'advanced',
  });
  const pending = new Map();
  let nextId = 0;
  child.on('message', (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`autocannon: ${message.error}`));
    else waiting.resolve(message.value);
  });
  child.on('exit', (code) => {
    for (const waiting of pending.values()) {
      waiting.reject(new Error(`the load client exited (${code})`));
    }
    pending.clear();
  });
  const call = (message) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, ...message });
    });
  return {
    load: (name, bodies) => call({ type: 'load', name, bodies }),
    async run(options, feed, pid) {
      const before = pid === undefined ? undefined : cpuMs(pid);
      const value = await call({ type: 'run', options, feed });
      const after = pid === undefined ? undefined : cpuMs(pid);
      const { result } = value;
      return {
        ...value,
        served: result.requests.total + (result.warmup?.requests.total ?? 0),
        cpuMs: before === undefined || after === undefined ? undefined : after - before,
      };
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The child

function runChild() {
  const feeds = new Map();

  function run(options, feed) {
    return new Promise((resolve, reject) => {
      let instance;
      let next = feed?.start ?? 0;
      let exhausted = false;
      const requests = feed
        ? [
            {
              method: feed.method,
              path: feed.path,
              setupRequest: (request) => {
                const bodies = feeds.get(feed.name);
                if (next >= bodies.length) {
                  if (feed.cycle) {
                    next = 0;
                  } else {
                    exhausted = true;
                    instance?.stop();
                    return { ...request, method: 'GET', path: feed.fallbackPath };
                  }
                }
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    ...(feed.idempotencyKey ? { 'idempotency-key': crypto.randomUUID() } : {}),
                  },
                  body: bodies[next++],
                };
              },
            },
          ]
        : options.requests;
      instance = autocannon({ ...options, requests }, (error, result) =>
        error ? reject(error) : resolve({ result, next, exhausted }),
      );
    });
  }

  process.on('message', async (message) => {
    try {
      if (message.type === 'load') {
        feeds.set(message.name, message.bodies);
        process.send({ id: message.id, value: null });
      } else {
        const value = await run(message.options, message.feed);
        process.send({ id: message.id, value });
      }
    } catch (error) {
      process.send({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  // The parent's disconnect() ends the child.
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--cannon-child' && process.send) runChild();
