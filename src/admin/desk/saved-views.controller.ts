import { Body, Controller, Delete, Get, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/decorators/auth-user';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IdParam } from '../../common/pipes/parse-id.pipe';
import { ListQueryDto } from '../common/list-query.dto';
import { ApiListResponse } from '../common/list-response.decorator';
import { setContentRange } from '../common/simple-rest';
import { SavedViewDto, SavedViewInputDto } from './dto/saved-view.dto';
import { AdminSavedView, SavedViewsService } from './saved-views.service';

/** The caller's own saved list views (filter `resource`); stored on the server, so found in any browser. */
@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/saved-views')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get()
  @ApiOperation({ summary: "List the caller's saved views (filter `resource`)." })
  @ApiListResponse(SavedViewDto, 'saved-views')
  async list(
    @Query() query: ListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSavedView[]> {
    const page = await this.views.list(query, user);
    setContentRange(reply, 'saved-views', page);
    return page.items;
  }

  @Post()
  @ApiOperation({ summary: "Save a list's filters and sort under a name." })
  @ApiCreatedResponse({ type: SavedViewDto })
  create(@Body() dto: SavedViewInputDto, @CurrentUser() user: AuthUser): Promise<AdminSavedView> {
    return this.views.create(dto, user);
  }

  @Get(':id')
  @ApiOkResponse({ type: SavedViewDto })
  @ApiNotFoundResponse({ description: "Unknown, or another user's view." })
  get(@IdParam() id: number, @CurrentUser() user: AuthUser): Promise<AdminSavedView> {
    return this.views.get(id, user);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete one of your saved views. Answers the deleted record.' })
  @ApiOkResponse({ type: SavedViewDto })
  @ApiNotFoundResponse({ description: "Unknown, or another user's view." })
  remove(@IdParam() id: number, @CurrentUser() user: AuthUser): Promise<AdminSavedView> {
    return this.views.remove(id, user);
  }
}
