import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Audit, AuditContext } from '../../audit/audit-context';
import { Authenticated, DeskAccess } from '../../common/decorators/authenticated.decorator';
import { AdminThingToDo } from '../../../shared/api/admin';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { AdminThingToDoDto } from './dto/admin-destination.dto';
import { ThingToDoInputDto } from './dto/thing-to-do-input.dto';
import { ThingsToDoService } from './things-to-do.service';

@ApiTags('admin')
@Authenticated({ admin: true })
@Controller('admin/destinations/:id')
export class ThingsToDoController {
  constructor(private readonly things: ThingsToDoService) {}

  @DeskAccess()
  @Get('things-to-do')
  @ApiOperation({ summary: 'Things to do of a destination.' })
  @ApiOkResponse({ type: [AdminThingToDoDto] })
  @ApiNotFoundResponse()
  list(@IdParam() id: number): Promise<AdminThingToDo[]> {
    return this.things.list(id);
  }

  @Post('things-to-do')
  @ApiOperation({ summary: 'Add a thing to do (at most 6 per destination).' })
  @ApiCreatedResponse({ type: AdminThingToDoDto })
  @ApiBadRequestResponse({ description: 'Invalid title/description, or the destination already has 6.' })
  add(@IdParam() id: number, @Body() dto: ThingToDoInputDto, @Audit() audit: AuditContext): Promise<AdminThingToDo> {
    return this.things.add(id, dto, audit);
  }

  @Delete(['thing-to-do/:thingId', 'things-to-do/:thingId'])
  @ApiOperation({ summary: 'Remove a thing to do; answers the removed item.' })
  @ApiOkResponse({ type: AdminThingToDoDto })
  @ApiNotFoundResponse()
  remove(
    @IdParam() id: number,
    @IdParam('thingId') thingId: number,
    @Audit() audit: AuditContext,
  ): Promise<AdminThingToDo> {
    return this.things.remove(id, thingId, audit);
  }
}
