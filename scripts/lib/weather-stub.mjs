// A local stand-in for the weather provider (Open-Meteo's answer shape): warm and mostly clear,
// five days ahead, for any place. Used by the browser tests and the Lighthouse benchmark (no internet here).
import { createServer } from 'node:http';

export async function startWeatherStub() {
  const server = createServer((_req, res) => {
    const days = Array.from({ length: 5 }, (_, i) => new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        current: {
          temperature_2m: 29.4,
          apparent_temperature: 32.1,
          relative_humidity_2m: 71,
          weather_code: 1,
          is_day: 1,
        },
        daily: {
          time: days,
          weather_code: [1, 2, 61, 3, 0],
          temperature_2m_max: [31, 30, 28, 29, 31],
          temperature_2m_min: [24, 24, 23, 23, 24],
        },
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
