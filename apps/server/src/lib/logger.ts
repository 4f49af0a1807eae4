/**
 * The server's logger (pino) and what Fastify does with it per request, made cheap enough to
 * leave on in production (docs/performance.md, ADR 011):
 *
 * - One access-log line per request, written when it completes (Fastify's default writes an
 *   "incoming request" line too), by the root logger with the request id, the request and the
 *   outcome: the same fields a request's child logger would write.
 * - Lines go to standard output once per event-loop turn (`logDestination`): a request does not
 *   wait for its line to be written, and the lines of all requests completed in one turn leave
 *   in one write. What is pending is written when the process exits (also after an uncaught
 *   error); a SIGKILL loses at most the lines of the turn it lands in.
 *   The audit trail is in the database, not in the log (DESIGN §4).
 *
 * Headers are never logged: Fastify's serializers write a request as its method, URL, host and
 * client address and a reply as its status, whatever is passed as `req` or `res`, so a cookie or
 * an Authorization header cannot reach a line (logger.test.ts). (pino's `redact` of header paths
 * would find nothing to redact after them, at ~3 µs a line.)
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * The server's pino logger at `level`: to standard output, or to `destination` (tests read the
 * lines there).
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  if (destination) return pino({ level }, destination);
  if (level === 'silent') return pino({ level });
  return pino({ level }, logDestination(1));
}

/**
 * Writes to `fd` (ADR 012): lines are joined until the end of the current event-loop turn and
 * then written in one synchronous call by pino's own destination (sonic-boom, which retries a
 * full pipe). A lone line leaves within the turn it was logged in, and a busy server makes one
 * write call per turn instead of one per request. Asynchronous writes cost more than they save
 * here: each went through libuv's thread pool, whose thread and wake-up competed with the
 * requests for the two cores, about a fifth of a cached read.
 */
export function logDestination(fd: number): TurnDestination {
  return new TurnDestination(pino.destination({ dest: fd, sync: true, minLength: 0 }));
}

/** A destination that hands `target` the lines of one event-loop turn at once (see above). */
export class TurnDestination implements DestinationStream {
  private pending = '';

  constructor(private readonly target: DestinationStream) {
    process.once('exit', this.flushSync);
  }

  write(line: string): void {
    if (this.pending === '') setImmediate(this.flushSync);
    this.pending += line;
  }

  /** Writes what is pending now (also pino's `logger.flush()` and the process exit). */
  readonly flushSync = (): void => {
    if (this.pending === '') return;
    const lines = this.pending;
    this.pending = '';
    this.target.write(lines);
  };

  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }
}

const REDACTED = '[redacted]';

/**
 * The request's URL with the values of `personal` path parameters and query keys replaced by
 * `[redacted]` (a resident's name typed into a search never reaches a log line).
 */
export function redactedUrl(
  url: string,
  routePattern: string,
  personal: readonly string[],
): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const pattern = routePattern.split('/');
  const segments = path
    .split('/')
    .map((segment, index) =>
      personal.includes(pattern[index]?.slice(1) ?? '') && pattern[index]?.startsWith(':')
        ? REDACTED
        : segment,
    );
  if (query === undefined) return segments.join('/');
  const pairs = query.split('&').map((pair) => {
    const key = pair.split('=', 1)[0] ?? '';
    return personal.includes(key) ? `${key}=${REDACTED}` : pair;
  });
  return `${segments.join('/')}?${pairs.join('&')}`;
}

/** One line per request, by the server's logger with Fastify's serializers (see above). */
export class AccessLog extends LogController {
  /** `requestForLog`: the request as the line writes it (lib/http.ts, personal values redacted). */
  constructor(private readonly requestForLog: (request: FastifyRequest) => FastifyRequest) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const entry = {
      reqId: request.id,
      req: this.requestForLog(request),
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) request.server.log.error({ ...entry, err: error }, 'request errored');
    else request.server.log.info(entry, 'request completed');
  }
}
