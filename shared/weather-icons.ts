/**
 * WMO weather interpretation codes (what Open-Meteo reports) mapped to the OpenWeatherMap icon
 * codes the site draws. Days use the 'd' variant, nights 'n'. Imports nothing: the server maps
 * with it, the site draws and labels the icons with it.
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
  66: '13', // freezing rain: OpenWeatherMap draws it with the snow icon
  67: '13',
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

/** Spanish alternative text for an icon code ('10d' -> 'Lluvia'). */
const LABELS: Record<string, string> = {
  '01': 'Despejado',
  '02': 'Mayormente despejado',
  '03': 'Parcialmente nublado',
  '04': 'Nublado',
  '09': 'Chubascos',
  '10': 'Lluvia',
  '11': 'Tormenta',
  '13': 'Nieve',
  '50': 'Niebla',
};

export function weatherIconLabel(icon: string): string {
  return LABELS[icon.slice(0, 2)] ?? 'Clima';
}

/** Where the site loads an icon from (the weather service's icon for each code). */
export function weatherIconUrl(icon: string): string {
  return `https://openweathermap.org/img/wn/${encodeURIComponent(icon)}@2x.png`;
}
