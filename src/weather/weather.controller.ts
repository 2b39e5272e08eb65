import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { IdParam } from '../common/pipes/parse-id.pipe';
import { WeatherResponse } from '../../shared/api/weather';
import { WeatherDto } from './dto/weather.dto';
import { WeatherService } from './weather.service';

@ApiTags('catalogue')
@Public()
@Controller()
export class WeatherController {
  constructor(private readonly weather: WeatherService) {}

  @Get('destinations/:id/weather')
  @ApiOperation({ summary: 'Current weather and a 5-day forecast at the destination' })
  @ApiOkResponse({ type: WeatherDto })
  @ApiBadRequestResponse({ description: 'Invalid id.' })
  @ApiNotFoundResponse({ description: 'Destination not found, or it has no coordinates.' })
  @ApiServiceUnavailableResponse({ description: 'Weather is temporarily unavailable.' })
  async forDestination(
    @IdParam() id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WeatherResponse> {
    const weather = await this.weather.forDestination(id);
    // Only a good answer may be cached by browsers; errors must be retried.
    reply.header('Cache-Control', 'public, max-age=300');
    return weather;
  }
}
