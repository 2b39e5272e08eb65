import { Module } from '@nestjs/common';
import { OpenMeteoClient } from './open-meteo.client';
import { SharedWeatherCache } from './shared-weather-cache';
import { WeatherController } from './weather.controller';
import { WeatherService } from './weather.service';

@Module({
  controllers: [WeatherController],
  providers: [OpenMeteoClient, SharedWeatherCache, WeatherService],
  exports: [WeatherService],
})
export class WeatherModule {}
