import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/auth-user';
import { SAVED_VIEW_MESSAGES } from '../../../shared/rules/saved-view';
import { ListQueryDto } from '../common/list-query.dto';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { SavedViewInputDto } from './dto/saved-view.dto';
import { SavedView } from './saved-view.entity';
import { SavedViewsRepository } from './saved-views.repository';

/** One row of GET /api/admin/saved-views. */
export interface AdminSavedView {
  id: number;
  resource: string;
  name: string;
  query: Record<string, unknown>;
  created_at: string;
}

const SPEC: ListSpec = {
  resource: 'saved-views',
  alias: 'v',
  sortable: { id: ['v.id'], name: ['v.name'], created_at: ['v.created_at'] },
  defaultOrder: [['v.name', 'ASC']],
  filters: { resource: { column: 'v.resource', kind: 'text' } },
  searchColumns: ['v.name'],
};

function parseQuery(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const toApi = (v: SavedView): AdminSavedView => ({
  id: v.id,
  resource: v.resource,
  name: v.name,
  query: parseQuery(v.query),
  created_at: new Date(v.created_at).toISOString(),
});

/** Each staff member's own saved list views: nobody sees or deletes another's (404). */
@Injectable()
export class SavedViewsService {
  constructor(private readonly views: SavedViewsRepository) {}

  async list(query: ListQueryDto, owner: AuthUser): Promise<Page<AdminSavedView>> {
    const page = await this.views.pageOf(owner.id, parseListQuery(query, SPEC));
    return { ...page, items: page.items.map(toApi) };
  }

  async get(id: number, owner: AuthUser): Promise<AdminSavedView> {
    const view = await this.views.findOwn(id, owner.id);
    if (!view) throw new NotFoundException('Saved view not found.');
    return toApi(view);
  }

  async create(dto: SavedViewInputDto, owner: AuthUser): Promise<AdminSavedView> {
    const name = dto.name.trim();
    if (await this.views.nameTaken(owner.id, dto.resource, name)) {
      throw new BadRequestException({
        message: SAVED_VIEW_MESSAGES.nameTaken,
        errors: { name: SAVED_VIEW_MESSAGES.nameTaken },
      });
    }
    const id = await this.views.insert({
      user_id: owner.id,
      resource: dto.resource,
      name,
      query: JSON.stringify(dto.query),
    });
    return this.get(id, owner);
  }

  async remove(id: number, owner: AuthUser): Promise<AdminSavedView> {
    const view = await this.get(id, owner);
    await this.views.deleteOwn(id, owner.id);
    return view;
  }
}
