/**
 * Work that must not delay the answer or show in its timing (a reset mail, ADR 020): a handler
 * hands it over with `afterResponse(request, task)`, and it runs once the answer has been
 * written. A failure is logged with the request's id and never reaches the client.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type AfterResponseTask = (log: FastifyBaseLogger) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Tasks to run after the answer is written (null: none). */
    afterResponse: AfterResponseTask[] | null;
  }
  interface FastifyInstance {
    /** Resolves once every task handed over so far has run (tests, shutdown). */
    afterResponsesSettled(): Promise<void>;
    /** Tasks running now (for /metrics). */
    afterResponsesRunning(): number;
  }
}

/** Runs `task` once the request's answer has been written. */
export function afterResponse(request: FastifyRequest, task: AfterResponseTask): void {
  (request.afterResponse ??= []).push(task);
}

export default fp(
  async function afterResponsePlugin(app) {
    const running = new Set<Promise<void>>();
    app.decorateRequest('afterResponse', null);
    app.decorate('afterResponsesRunning', () => running.size);
    app.decorate('afterResponsesSettled', async () => {
      while (running.size > 0) await Promise.all([...running]);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      const tasks = request.afterResponse;
      request.afterResponse = null;
      for (const task of tasks ?? []) {
        const run = task(request.log)
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'work after the response failed');
          })
          .finally(() => running.delete(run));
        running.add(run);
      }
      done();
    });
    app.addHook('onClose', async () => app.afterResponsesSettled());
  },
  { name: 'after-response' },
);
