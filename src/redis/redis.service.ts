import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';

/** A command waits at most this long; a Redis that stopped answering must not hang requests. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
/** How long start-up waits for a first connection before going on (features that need it answer 503). */
const STARTUP_WAIT_MS = 3000;

type Handler = (message: string) => void;

/**
 * The shared-state connection of a fleet of instances, or nothing when REDIS_URL is unset (then each
 * feature keeps its state in memory). Commands fail fast while Redis is away (no offline queue,
 * bounded connect and command times) and the client keeps reconnecting; state changes are logged
 * once, so an operator sees "unreachable" and "back" rather than a stream of errors.
 */
@Injectable()
export class RedisService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly commands: Redis | null = null;
  private readonly subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly resyncListeners = new Set<() => void>();
  private wasReady = false;
  private closing = false;

  constructor(private readonly config: AppConfig) {
    if (!config.redisUrl) return;
    this.commands = this.connect(config.redisUrl, { keyPrefix: config.redisPrefix });
    this.subscriber = this.connect(config.redisUrl, {});
    this.commands.on('ready', () => this.stateChanged(true));
    this.commands.on('close', () => this.stateChanged(false));
    this.subscriber.on('message', (channel: string, message: string) =>
      this.handlers.get(channel)?.forEach((handler) => handler(message)),
    );
    // Messages published while the subscriber was away are lost: listeners drop what they may have missed.
    this.subscriber.on('ready', () => this.resyncListeners.forEach((listener) => listener()));
    this.subscriber.on('close', () => this.resyncListeners.forEach((listener) => listener()));
  }

  get enabled(): boolean {
    return this.commands !== null;
  }

  /** The command connection (keys are prefixed with REDIS_PREFIX). Only when enabled. */
  get client(): Redis {
    if (!this.commands) throw new Error('REDIS_URL is not set');
    return this.commands;
  }

  get prefix(): string {
    return this.config.redisPrefix;
  }

  isReady(): boolean {
    return this.commands?.status === 'ready';
  }

  /** True while published messages reach this instance. */
  isSubscribed(): boolean {
    return this.subscriber?.status === 'ready';
  }

  async onModuleInit(): Promise<void> {
    if (!this.commands) return;
    const ready = (client: Redis) =>
      client.status === 'ready' ? Promise.resolve() : new Promise<void>((done) => client.once('ready', done));
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      Promise.all([ready(this.commands), ready(this.subscriber!)]).then(() => true),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(false), STARTUP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!waited) this.logger.error(`Redis is unreachable at start-up; features that need it answer 503 until it is`);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  /** Publishes on a channel named under REDIS_PREFIX. Never throws: a lost message is logged. */
  async publish(channel: string, message: string): Promise<boolean> {
    try {
      await this.client.publish(this.prefix + channel, message);
      return true;
    } catch (err) {
      this.logger.warn(`Could not publish on ${channel}: ${(err as Error).message}`);
      return false;
    }
  }

  subscribe(channel: string, handler: Handler): void {
    if (!this.subscriber) return;
    const name = this.prefix + channel;
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
      this.subscriber.subscribe(name).catch((err: Error) => this.logger.warn(`subscribe ${channel}: ${err.message}`));
    }
    set.add(handler);
  }

  /** Called whenever the subscription was interrupted or resumed (messages may have been missed). */
  onResync(listener: () => void): void {
    this.resyncListeners.add(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.all([this.commands, this.subscriber].map((c) => c?.quit().catch(() => c.disconnect())));
  }

  private connect(url: string, extra: RedisOptions): Redis {
    const client = new Redis(url, {
      ...extra,
      enableOfflineQueue: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(200 * times, 2000),
      lazyConnect: false,
    });
    // Without a listener ioredis would print each failed reconnection; the state change is logged instead.
    client.on('error', () => undefined);
    return client;
  }

  private stateChanged(ready: boolean): void {
    if (this.closing || ready === this.wasReady) return;
    this.wasReady = ready;
    if (ready) this.logger.log('Redis is connected: shared limits, sessions, caches and job leases are on');
    else
      this.logger.error(
        'Redis is unreachable: sign-in, rate-limited and signed-in requests answer 503 until it is back (reconnecting)',
      );
  }
}
