/**
 * WMO weather interpretation codes (what Open-Meteo reports) mapped to the OpenWeatherMap icon
 * codes the site draws. Days use the 'd' variant, nights 'n'.
 */
const ICON_BY_WMO: Record<number, string> = {
  0: '01', // clear sky
  1: '02', // mainly clear
  2: '03', // partly cloudy
  3: '04', // overcast
  45: '50', // fog
  48: '50', // depositing rime fog
  51: '09', // drizzle
  53: '09',
  55: '09',
  56: '09', // freezing drizzle
  57: '09',
  61: '10', // rain
  63: '10',
  65: '10',
  66: '10', // freezing rain
  67: '10',
  71: '13', // snow
  73: '13',
  75: '13',
  77: '13', // snow grains
  80: '09', // rain showers
  81: '09',
  82: '09',
  85: '13', // snow showers
  86: '13',
  95: '11', // thunderstorm
  96: '11', // thunderstorm with hail
  99: '11',
};

/** Unknown codes fall back to "scattered clouds" rather than failing the whole forecast. */
export function weatherIcon(wmoCode: number, isDay = true): string {
  return `${ICON_BY_WMO[wmoCode] ?? '03'}${isDay ? 'd' : 'n'}`;
}
