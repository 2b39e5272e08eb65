import type { WeatherResponse } from '@shared/api/weather';
import { useEffect, useState } from 'react';
import { WeatherIcon } from '../../components/ui/weather-icon';

const DAY_NAMES = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const dayName = (date: string) => DAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()];

/** Current weather and forecast at the destination, read in the browser (the provider may be slow). */
export function Weather({ destinationId }: { destinationId: number }) {
  const [weather, setWeather] = useState<WeatherResponse | null | 'unavailable'>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/destinations/${destinationId}/weather/`, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<WeatherResponse>) : Promise.reject(new Error(String(r.status)))))
      .then((w) => live && setWeather(w))
      .catch(() => live && setWeather('unavailable'));
    return () => {
      live = false;
    };
  }, [destinationId]);

  if (weather === null) return <p className="weather weather--empty">Consultando el clima…</p>;
  if (weather === 'unavailable')
    return <p className="weather weather--empty">El clima no está disponible en este momento.</p>;
  const now = weather.current_weather;
  return (
    <div className="weather">
      <div className="weather__now">
        <WeatherIcon icon={now.weather_icon} size={64} />
        <div>
          <strong className="weather__temp">{Math.round(now.temperature)}°C</strong>
          <span>
            Sensación {Math.round(now.feels_like)}°C · Humedad {Math.round(now.humidity)}%
          </span>
        </div>
      </div>
      <ul className="weather__forecast">
        {weather.forecast.map((f) => (
          <li key={f.date}>
            <span>{dayName(f.date)}</span>
            <WeatherIcon icon={f.weather_icon} size={36} />
            <span>
              {Math.round(f.temperature_max)}° / {Math.round(f.temperature_min)}°
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
