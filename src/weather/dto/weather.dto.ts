import { ApiProperty } from '@nestjs/swagger';
import type { CurrentWeather, ForecastDay, WeatherResponse } from '../../../shared/api/weather';

const ICON =
  'OpenWeatherMap icon code: 01 clear, 02 few clouds, 03 clouds, 04 overcast, 09 showers, 10 rain, 11 storm, 13 snow, 50 fog; d day, n night';

export class CurrentWeatherDto implements CurrentWeather {
  @ApiProperty({ example: 28.4, description: '°C' }) temperature: number;
  @ApiProperty({ example: 31.2, description: '°C' }) feels_like: number;
  @ApiProperty({ example: 74, description: 'Relative humidity, %' }) humidity: number;
  @ApiProperty({ example: '02d', description: ICON }) weather_icon: string;
}

export class ForecastDayDto implements ForecastDay {
  @ApiProperty({ example: '2026-12-01', format: 'date', description: "In the destination's time zone" }) date: string;
  @ApiProperty({ example: '10d', description: ICON }) weather_icon: string;
  @ApiProperty({ example: 30.1, description: '°C' }) temperature_max: number;
  @ApiProperty({ example: 23.4, description: '°C' }) temperature_min: number;
}

export class WeatherDto implements WeatherResponse {
  @ApiProperty({ type: CurrentWeatherDto }) current_weather: CurrentWeatherDto;
  @ApiProperty({ type: [ForecastDayDto], maxItems: 5 }) forecast: ForecastDayDto[];
}
