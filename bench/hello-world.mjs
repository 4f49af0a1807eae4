#!/usr/bin/env node
/**
 * The baseline of `npm run bench`: a bare Fastify hello-world (no logger, no plugins) on PORT,
 * run in its own process so it competes for the CPU exactly like the CareVoice server does.
 * Uses the Fastify that apps/server depends on.
 */
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
