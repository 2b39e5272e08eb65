import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ForecastDay, WeatherResponse } from '../../shared/api/weather';
import { weatherIcon } from '../../shared/weather-icons';

export const FORECAST_DAYS = 5;
/** A forecast is a few kilobytes; anything far larger is not what we asked for. */
const MAX_BODY_CHARS = 256 * 1024;

/** Anything that went wrong with the provider: down, slow, an error status or an answer we cannot read. */
export class WeatherProviderError extends Error {}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** Reads Open-Meteo's forecast answer strictly; throws WeatherProviderError on any surprise. */
export function parseOpenMeteo(raw: unknown): WeatherResponse {
  const body = raw as { current?: Record<string, unknown>; daily?: Record<string, unknown> } | null;
  const current = body?.current;
  const daily = body?.daily;
  if (!current || typeof current !== 'object' || !daily || typeof daily !== 'object') {
    throw new WeatherProviderError('forecast without current or daily data');
  }
  const { temperature_2m, apparent_temperature, relative_humidity_2m, weather_code, is_day } = current;
  if (![temperature_2m, apparent_temperature, relative_humidity_2m, weather_code].every(isNumber)) {
    throw new WeatherProviderError('current weather is incomplete');
  }
  const days = daily.time;
  const codes = daily.weather_code;
  const maxima = daily.temperature_2m_max;
  const minima = daily.temperature_2m_min;
  if (![days, codes, maxima, minima].every(Array.isArray))
    throw new WeatherProviderError('daily forecast is incomplete');
  const forecast: ForecastDay[] = [];
  (days as unknown[]).forEach((date, i) => {
    const code = (codes as unknown[])[i];
    const max = (maxima as unknown[])[i];
    const min = (minima as unknown[])[i];
    // The provider leaves a day null when it has no data for it: skip that day, keep the rest.
    if (
      typeof date !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      !isNumber(code) ||
      !isNumber(max) ||
      !isNumber(min)
    )
      return;
    forecast.push({
      date,
      weather_icon: weatherIcon(code),
      temperature_max: oneDecimal(max),
      temperature_min: oneDecimal(min),
    });
  });
  if (!forecast.length) throw new WeatherProviderError('daily forecast is empty');
  return {
    current_weather: {
      temperature: oneDecimal(temperature_2m as number),
      feels_like: oneDecimal(apparent_temperature as number),
      humidity: Math.round(relative_humidity_2m as number),
      weather_icon: weatherIcon(weather_code as number, is_day !== 0),
    },
    forecast: forecast.slice(0, FORECAST_DAYS),
  };
}

/** Open-Meteo's keyless forecast API (WEATHER_API_URL), bounded by WEATHER_TIMEOUT_MS. */
@Injectable()
export class OpenMeteoClient {
  constructor(private readonly config: AppConfig) {}

  async forecast(latitude: number, longitude: number): Promise<WeatherResponse> {
    const query = new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      current: 'temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,is_day',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      timezone: 'auto',
      forecast_days: String(FORECAST_DAYS),
    });
    let text: string;
    try {
      // The one signal bounds the whole exchange: connecting, headers and body.
      const res = await fetch(`${this.config.weatherApiUrl}/v1/forecast?${query}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.weatherTimeoutMs),
      });
      text = await res.text();
      if (!res.ok) throw new WeatherProviderError(`provider answered ${res.status}`);
    } catch (err) {
      if (err instanceof WeatherProviderError) throw err;
      throw new WeatherProviderError(
        `provider unreachable: ${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message}`,
      );
    }
    if (text.length > MAX_BODY_CHARS) throw new WeatherProviderError('provider answer is too large');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WeatherProviderError('provider answer is not JSON');
    }
    return parseOpenMeteo(json);
  }
}
