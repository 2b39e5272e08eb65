/** Response shape of GET /api/destinations/{id}/weather/. Icon codes follow OpenWeatherMap's set. */

/** '01d'…'50n': the site draws https://openweathermap.org/img/wn/{icon}@2x.png. */
export type WeatherIcon = string;

export interface CurrentWeather {
  /** °C */
  temperature: number;
  /** °C */
  feels_like: number;
  /** Relative humidity, % */
  humidity: number;
  weather_icon: WeatherIcon;
}

export interface ForecastDay {
  /** YYYY-MM-DD, in the destination's own time zone. */
  date: string;
  weather_icon: WeatherIcon;
  /** °C */
  temperature_max: number;
  /** °C */
  temperature_min: number;
}

export interface WeatherResponse {
  current_weather: CurrentWeather;
  forecast: ForecastDay[];
}
