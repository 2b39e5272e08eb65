import { applyDecorators, Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { IdParam } from '../common/pipes/parse-id.pipe';
import { sendCachedJson } from './cached-json';
import { CatalogueCacheService } from './catalogue-cache.service';
import { CATALOGUE_KEYS } from './catalogue-keys';
import { CatalogueService } from './catalogue.service';
import { DestinationDetailDto, PackSummaryDto, ThingToDoDto } from './dto/catalogue.dto';

/** A read answered from the catalogue cache: a strong ETag, and 304 when If-None-Match names it. */
const CachedRead = () =>
  applyDecorators(
    ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy the client holds.' }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match names the current ETag.' }),
  );

/** Public catalogue reads. Served from memory with ETags; admin writes invalidate. */
@ApiTags('catalogue')
@Public()
@Controller()
export class CatalogueController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly cache: CatalogueCacheService,
  ) {}

  @Get('travel-packs')
  @ApiOperation({ summary: 'All public travel packs, featured first' })
  @CachedRead()
  @ApiOkResponse({ type: [PackSummaryDto] })
  packs(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.packs, req, reply, () => this.catalogue.packs());
  }

  @Get('travel-packs-featured')
  @ApiOperation({ summary: 'Featured travel packs' })
  @CachedRead()
  @ApiOkResponse({ type: [PackSummaryDto] })
  featuredPacks(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.featuredPacks, req, reply, () => this.catalogue.featuredPacks());
  }

  @Get('travel-packs/:id')
  @ApiOperation({ summary: 'One travel pack' })
  @CachedRead()
  @ApiOkResponse({ type: PackSummaryDto })
  @ApiNotFoundResponse({ description: 'Travel pack not found.' })
  @ApiBadRequestResponse({ description: 'Invalid id.' })
  pack(@IdParam() id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.pack(id), req, reply, () => this.catalogue.pack(id));
  }

  @Get('travel-pack/destination/:id')
  @ApiOperation({ summary: "A destination's travel packs" })
  @CachedRead()
  @ApiOkResponse({ type: [PackSummaryDto] })
  @ApiNotFoundResponse({ description: 'Destination not found.' })
  packsOfDestination(@IdParam() id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.packsOfDestination(id), req, reply, () =>
      this.catalogue.packsOfDestination(id),
    );
  }

  @Get('destinations')
  @ApiOperation({ summary: 'All public destinations, priority first' })
  @CachedRead()
  @ApiOkResponse({ type: [DestinationDetailDto] })
  destinations(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.destinations, req, reply, () => this.catalogue.destinations());
  }

  @Get('destinations-featured')
  @ApiOperation({ summary: 'Featured (priority) destinations' })
  @CachedRead()
  @ApiOkResponse({ type: [DestinationDetailDto] })
  featuredDestinations(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.featuredDestinations, req, reply, () =>
      this.catalogue.featuredDestinations(),
    );
  }

  @Get('destinations/:id')
  @ApiOperation({ summary: 'One destination with its images and things to do' })
  @CachedRead()
  @ApiOkResponse({ type: DestinationDetailDto })
  @ApiNotFoundResponse({ description: 'Destination not found.' })
  @ApiBadRequestResponse({ description: 'Invalid id.' })
  destination(@IdParam() id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.destination(id), req, reply, () => this.catalogue.destination(id));
  }

  @Get('destinations/:id/related')
  @ApiOperation({ summary: 'Other destinations to suggest (same country first)' })
  @CachedRead()
  @ApiOkResponse({ type: [DestinationDetailDto] })
  @ApiNotFoundResponse({ description: 'Destination not found.' })
  related(@IdParam() id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.related(id), req, reply, () => this.catalogue.related(id));
  }

  @Get('destinations/:id/things-to-do')
  @ApiOperation({ summary: "A destination's things to do" })
  @CachedRead()
  @ApiOkResponse({ type: [ThingToDoDto] })
  @ApiNotFoundResponse({ description: 'Destination not found.' })
  thingsToDo(@IdParam() id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return sendCachedJson(this.cache, CATALOGUE_KEYS.thingsToDo(id), req, reply, () => this.catalogue.thingsToDo(id));
  }
}
