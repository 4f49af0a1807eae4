/**
 * The census feed's MLLP listener (issue 36, ADR 050): HL7 v2 over TCP, or over TLS with
 * HL7_TLS_CERT / HL7_TLS_KEY, on HL7_PORT. MLLP framing and parsing are the kept library's
 * (`@medplum/hl7` Hl7Connection); this file decides who may talk and how much:
 *
 * - a peer outside HL7_ALLOWED_SENDERS is disconnected before it sends a byte (before the TLS
 *   handshake too); at most FEED_CONNECTIONS_PER_SENDER connections per address;
 * - a frame larger than FEED_MESSAGE_MAX_BYTES closes the connection;
 * - each connection is paced to FEED_MESSAGES_PER_MINUTE (the library delays the next message);
 * - messages of one connection are handled one at a time, in order, and each is answered with
 *   its ACK (census-feed.service.ts); the messages waiting on all connections are stored and
 *   applied together in one transaction (a group commit, ADR 055), each in a savepoint;
 * - the log says who connected and each message's outcome, never a value of a message.
 */
import net from 'node:net';
import tls from 'node:tls';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { FastifyBaseLogger } from 'fastify';
import type { CensusFeedConfig } from '../../env.js';
import { rejectUnreadable } from './adt-message.js';
import {
  receiveFeedMessages,
  type FeedAnswer,
  type FeedDeps,
  type FeedReply,
  type IncomingMessage,
} from './census-feed.service.js';

/** The largest message accepted (an ADT with its Z-segments is a few kilobytes). */
export const FEED_MESSAGE_MAX_BYTES = 256 * 1024;
/** Open connections one sender address may hold. */
export const FEED_CONNECTIONS_PER_SENDER = 4;
/** Messages per minute one connection may send; faster ones wait (the library paces them). */
export const FEED_MESSAGES_PER_MINUTE = 60_000;
/** How long a connection may stay silent before it is closed. */
export const FEED_IDLE_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * How long the first message of a group waits for others (ADR 055): the messages waiting then
 * on every connection are stored and applied in one transaction (one commit, one WAL sync on
 * SQLite), each acknowledged after that commit.
 */
export const FEED_GROUP_WINDOW_MS = 2;
/** The most messages one group commit holds. */
export const FEED_GROUP_MAX = 200;

const FS = 0x1c;

/** Counts for /metrics. */
export interface FeedStats {
  connections: number;
  refusedConnections: number;
  /** Messages answered, by ACK code. */
  acks: Record<'AA' | 'AE' | 'AR', number>;
  /** Messages stored, by status (a repeat counts again). */
  stored: Record<'applied' | 'held' | 'error', number>;
}

/** The address as the allow-list knows it (`::ffff:10.0.0.1` is 10.0.0.1). */
function plainAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function allowList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export interface CensusFeedListenerOptions {
  config: CensusFeedConfig;
  /** The bind address (HOST). */
  host: string;
  deps: FeedDeps;
  log: FastifyBaseLogger;
}

export class CensusFeedListener {
  private server: net.Server | undefined;
  private readonly allowed: net.BlockList;
  private readonly perAddress = new Map<string, number>();
  private readonly sockets = new Set<net.Socket>();
  private readonly pending = new Set<Promise<void>>();
  /** Messages waiting for the next group commit, from every connection, in arrival order. */
  private readonly waiting: {
    message: IncomingMessage;
    resolve: (answer: FeedAnswer) => void;
    reject: (error: unknown) => void;
  }[] = [];
  /** A group commit under way (messages arriving meanwhile wait for the next group). */
  private grouping = false;
  /** The window of the next group, while it is open. */
  private window: NodeJS.Timeout | undefined;
  readonly stats: FeedStats = {
    connections: 0,
    refusedConnections: 0,
    acks: { AA: 0, AE: 0, AR: 0 },
    stored: { applied: 0, held: 0, error: 0 },
  };

  constructor(private readonly options: CensusFeedListenerOptions) {
    this.allowed = allowList(options.config.allowedSenders);
  }

  /** Accepting connections now (started and not stopped). */
  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  /** Listens; resolves with the port (HL7_PORT, or the one chosen for port 0). */
  async start(): Promise<number> {
    const { config, host } = this.options;
    const server = config.tls
      ? tls.createServer({ cert: config.tls.cert, key: config.tls.key, minVersion: 'TLSv1.2' })
      : net.createServer();
    // Every TCP connection, before any byte is read (and before a TLS handshake).
    server.on('connection', (socket: net.Socket) => this.admit(socket));
    server.on(config.tls ? 'secureConnection' : 'connection', (socket: net.Socket) => {
      if (!socket.destroyed) this.serve(socket);
    });
    server.on('tlsClientError', () => {
      this.options.log.warn('census feed: TLS handshake failed');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.options.log.error({ err: error }, 'census feed: error'));
    this.server = server;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    this.options.log.info({ port, tls: Boolean(config.tls) }, 'census feed listening');
    return port;
  }

  /** Stops listening, closes every connection and waits for messages being applied. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    await Promise.allSettled([...this.pending]);
  }

  /** The allow-list and the per-address limit, at connect time. */
  private admit(socket: net.Socket): void {
    const peer = plainAddress(socket.remoteAddress);
    const family = net.isIPv6(peer) ? 'ipv6' : 'ipv4';
    const open = this.perAddress.get(peer) ?? 0;
    if (peer === '' || !this.allowed.check(peer, family) || open >= FEED_CONNECTIONS_PER_SENDER) {
      this.stats.refusedConnections += 1;
      this.options.log.warn(
        {
          peer,
          reason: open >= FEED_CONNECTIONS_PER_SENDER ? 'too many connections' : 'not allowed',
        },
        'census feed: connection refused',
      );
      socket.destroy();
      return;
    }
    this.perAddress.set(peer, open + 1);
    this.sockets.add(socket);
    this.stats.connections += 1;
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.stats.connections -= 1;
      const left = (this.perAddress.get(peer) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(peer);
      else this.perAddress.set(peer, left);
    });
  }

  /** One MLLP connection: size limit, pacing, one message at a time. */
  private serve(socket: net.Socket): void {
    const peer = plainAddress(socket.remoteAddress);
    const log = this.options.log;
    socket.setTimeout(FEED_IDLE_TIMEOUT_MS, () => socket.destroy());
    // Bytes since the last frame end: before the library buffers them.
    let frameBytes = 0;
    socket.prependListener('data', (chunk: Buffer) => {
      const end = chunk.lastIndexOf(FS);
      frameBytes = end === -1 ? frameBytes + chunk.length : chunk.length - end - 1;
      if (frameBytes > FEED_MESSAGE_MAX_BYTES) {
        log.warn({ peer, limit: FEED_MESSAGE_MAX_BYTES }, 'census feed: message too large');
        socket.destroy();
      }
    });
    const connection = new Hl7Connection(socket, 'utf-8', false, {
      messagesPerMin: FEED_MESSAGES_PER_MINUTE,
    });
    let queue = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      const next = queue.then(work).catch((error: unknown) => {
        log.error({ err: error, peer }, 'census feed: message not answered');
      });
      queue = next;
      this.pending.add(next);
      void next.finally(() => this.pending.delete(next));
    };
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      const text = event.message.toString();
      enqueue(async () => {
        const started = performance.now();
        const { ack, reply } = await this.receive({ text, peer });
        if (!socket.destroyed) connection.send(ack);
        this.count(reply);
        log.info(
          {
            peer,
            ack: reply.code,
            status: reply.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
          },
          'census feed: message answered',
        );
      });
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      const error = event.error as Error & { type?: string };
      if (error.type !== 'entity.parse.failed') return;
      // A frame that is not HL7: refused. The library keeps its buffer after a failed parse,
      // so the connection is closed after the answer (the sender reconnects).
      enqueue(async () => {
        if (!socket.destroyed) connection.send(rejectUnreadable(error.message));
        this.count({ code: 'AR', status: null, error: null });
        log.info({ peer, ack: 'AR' }, 'census feed: message answered');
        socket.end();
      });
    });
  }

  /**
   * Hands a message to the next group commit; resolves with its answer after that commit. The
   * group starts when its window ends, or at once when every open connection has a message
   * waiting: each sender waits for its ACK, so no further message can come (ADR 055, 2026-11-29).
   */
  private receive(message: IncomingMessage): Promise<FeedAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      if (this.grouping) return;
      if (this.waiting.length >= this.sockets.size) {
        clearTimeout(this.window);
        this.window = undefined;
        void this.commitGroups();
        return;
      }
      this.window ??= setTimeout(() => {
        this.window = undefined;
        void this.commitGroups();
      }, FEED_GROUP_WINDOW_MS);
    });
  }

  /** Group after group until no message waits (those arriving meanwhile make the next group). */
  private async commitGroups(): Promise<void> {
    if (this.grouping) return;
    this.grouping = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, FEED_GROUP_MAX);
      try {
        const answers = await receiveFeedMessages(
          this.options.deps,
          group.map((item) => item.message),
        );
        group.forEach((item, index) => {
          const answer = answers[index];
          if (answer) item.resolve(answer);
          else item.reject(new Error('no answer'));
        });
      } catch (error) {
        // Not answered: the sender's timeout sends the message again.
        for (const item of group) item.reject(error);
      }
    }
    this.grouping = false;
  }

  private count(reply: FeedReply): void {
    this.stats.acks[reply.code] += 1;
    if (reply.status) this.stats.stored[reply.status] += 1;
  }
}
