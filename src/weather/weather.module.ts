import { Module } from '@nestjs/common';
import { OpenMeteoClient } from './open-meteo.client';
import { WeatherController } from './weather.controller';
import { WeatherService } from './weather.service';

@Module({
  controllers: [WeatherController],
  providers: [OpenMeteoClient, WeatherService],
  exports: [WeatherService],
})
export class WeatherModule {}
