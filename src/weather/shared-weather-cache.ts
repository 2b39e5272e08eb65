import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { WeatherResponse } from '../../shared/api/weather';

export interface SharedForecast {
  data: WeatherResponse;
  fetchedAt: number;
}

const WARN_EVERY_MS = 60_000;

/**
 * Forecasts shared by every instance through Redis (REDIS_URL), so the provider is asked once per
 * place for the whole fleet. Without Redis, or while it is away, each instance keeps its own
 * (WeatherService's memory): weather is never worth a 503.
 */
@Injectable()
export class SharedWeatherCache {
  private readonly logger = new Logger(SharedWeatherCache.name);
  private lastWarning = 0;

  constructor(private readonly redis: RedisService) {}

  async get(place: string): Promise<SharedForecast | null> {
    if (!this.redis.enabled) return null;
    try {
      const raw = await this.redis.client.get(`weather:${place}`);
      return raw ? (JSON.parse(raw) as SharedForecast) : null;
    } catch (err) {
      this.warn(err);
      return null;
    }
  }

  async set(place: string, forecast: SharedForecast, keepMs: number): Promise<void> {
    if (!this.redis.enabled) return;
    try {
      await this.redis.client.set(`weather:${place}`, JSON.stringify(forecast), 'PX', keepMs);
    } catch (err) {
      this.warn(err);
    }
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(`Shared weather cache unreachable (${(err as Error).message}): using this instance's forecasts`);
  }
}
