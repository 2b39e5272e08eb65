import { Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CatalogueService } from '../catalogue/catalogue.service';
import { WeatherResponse } from '../../shared/api/weather';
import { OpenMeteoClient } from './open-meteo.client';
import { SharedWeatherCache } from './shared-weather-cache';
import { MINUTE_MS } from '../common/time/durations';

export const WEATHER_MESSAGES = {
  unavailable: 'Weather is temporarily unavailable.',
  noCoordinates: 'Weather is not available for this destination.',
} as const;

/** A forecast younger than this is served without asking the provider. */
export const WEATHER_FRESH_MS = 30 * MINUTE_MS;
/** When the provider fails, a forecast up to this old is still better than nothing. */
export const WEATHER_STALE_MAX_MS = 6 * 60 * MINUTE_MS;
/** After a failure, requests answer at once (stale or 503) instead of each waiting for the time-out. */
export const WEATHER_RETRY_AFTER_FAILURE_MS = 30_000;
/** How often the refresh job (weather-refresh in src/job-registry.ts) runs. */
export const WEATHER_REFRESH_EVERY_MS = 10 * MINUTE_MS;
/** The periodic refresh renews forecasts this old, so visitors rarely wait for the provider. */
const REFRESH_OLDER_THAN_MS = 20 * MINUTE_MS;
/** Forecasts nobody asked for in a day are dropped instead of refreshed. */
const FORGET_UNUSED_MS = 24 * 60 * MINUTE_MS;

interface Entry {
  place: string;
  latitude: number;
  longitude: number;
  data?: WeatherResponse;
  fetchedAt: number;
  usedAt: number;
  failedAt?: number;
  inFlight?: Promise<WeatherResponse>;
}

/**
 * Weather by destination coordinates, cached per place. The provider is asked at most once at a
 * time per place, a known place is refreshed in the background, and a failing provider gives the
 * last good forecast (if recent) or a quick 503: never a 500, never a hang. With REDIS_URL the
 * forecasts are shared by every instance (one instance's fetch serves them all).
 */
@Injectable()
export class WeatherService {
  private readonly logger = new Logger(WeatherService.name);
  private readonly entries = new Map<string, Entry>();
  private refreshing = false;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly provider: OpenMeteoClient,
    private readonly shared: SharedWeatherCache,
  ) {}

  async forDestination(id: number): Promise<WeatherResponse> {
    const destination = await this.catalogue.destination(id);
    const { latitude, longitude } = destination;
    if (latitude === null || longitude === null) throw new NotFoundException(WEATHER_MESSAGES.noCoordinates);
    const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { place: key, latitude, longitude, fetchedAt: 0, usedAt: now };
      this.entries.set(key, entry);
    }
    entry.usedAt = now;
    if (entry.data && now - entry.fetchedAt < WEATHER_FRESH_MS) return entry.data;
    if (await this.adoptShared(entry, WEATHER_FRESH_MS)) return entry.data!;
    const recentFailure = entry.failedAt !== undefined && now - entry.failedAt < WEATHER_RETRY_AFTER_FAILURE_MS;
    if (!recentFailure || entry.inFlight) {
      try {
        return await this.fetch(entry);
      } catch {
        // Logged in fetch(); fall back below.
      }
    }
    if (entry.data && Date.now() - entry.fetchedAt < WEATHER_STALE_MAX_MS) return entry.data;
    throw new ServiceUnavailableException(WEATHER_MESSAGES.unavailable);
  }

  /** Renews the forecasts of places visitors looked at recently. */
  async refreshKnown(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const now = Date.now();
      for (const [key, entry] of this.entries) {
        const stale = !entry.data || now - entry.fetchedAt >= WEATHER_STALE_MAX_MS;
        if (now - entry.usedAt > FORGET_UNUSED_MS && stale) {
          this.entries.delete(key);
          continue;
        }
        if (now - entry.usedAt > FORGET_UNUSED_MS || now - entry.fetchedAt < REFRESH_OLDER_THAN_MS) continue;
        // Another instance may have renewed it already.
        if (await this.adoptShared(entry, REFRESH_OLDER_THAN_MS)) continue;
        // One place at a time: the refresh must never burst against the provider.
        await this.fetch(entry).catch(() => undefined);
      }
    } finally {
      this.refreshing = false;
    }
  }

  /** Takes the shared forecast when it is younger than `maxAgeMs`. */
  private async adoptShared(entry: Entry, maxAgeMs: number): Promise<boolean> {
    const shared = await this.shared.get(entry.place);
    if (!shared || Date.now() - shared.fetchedAt >= maxAgeMs || shared.fetchedAt <= entry.fetchedAt) return false;
    entry.data = shared.data;
    entry.fetchedAt = shared.fetchedAt;
    return true;
  }

  private fetch(entry: Entry): Promise<WeatherResponse> {
    if (!entry.inFlight) {
      entry.inFlight = this.provider
        .forecast(entry.latitude, entry.longitude)
        .then(async (data) => {
          entry.data = data;
          entry.fetchedAt = Date.now();
          entry.failedAt = undefined;
          await this.shared.set(entry.place, { data, fetchedAt: entry.fetchedAt }, WEATHER_STALE_MAX_MS);
          return data;
        })
        .catch((err: Error) => {
          entry.failedAt = Date.now();
          this.logger.warn(`Weather for ${entry.latitude},${entry.longitude} failed: ${err.message}`);
          throw err;
        })
        .finally(() => {
          entry.inFlight = undefined;
        });
    }
    return entry.inFlight;
  }
}
