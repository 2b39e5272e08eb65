import { IsIdList } from '../../common/id-list.decorator';

export class BulkDeleteUsersDto {
  @IsIdList('users')
  user_ids: number[];
}
