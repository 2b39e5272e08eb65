import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';
import { SavedView } from './saved-view.entity';

/** The saved_views table: every query of it, each scoped to the view's owner. */
@Injectable()
export class SavedViewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get repo(): Repository<SavedView> {
    return this.dataSource.getRepository(SavedView);
  }

  /** One page of the owner's views, by the list's filters and sort (alias `v`). */
  pageOf(ownerId: number, parsed: ParsedList): Promise<Page<SavedView>> {
    return fetchPage(this.repo.createQueryBuilder('v').where('v.user_id = :owner', { owner: ownerId }), parsed);
  }

  findOwn(id: number, ownerId: number): Promise<SavedView | null> {
    return this.repo.findOne({ where: { id, user_id: ownerId } });
  }

  nameTaken(ownerId: number, resource: string, name: string): Promise<boolean> {
    return this.repo.exists({ where: { user_id: ownerId, resource, name } });
  }

  async insert(row: Pick<SavedView, 'user_id' | 'resource' | 'name' | 'query'>): Promise<number> {
    return (await this.repo.save(this.repo.create(row))).id;
  }

  async deleteOwn(id: number, ownerId: number): Promise<void> {
    await this.repo.delete({ id, user_id: ownerId });
  }
}
