import { IsIdList } from '../../common/id-list.decorator';

export class BulkDeleteDestinationsDto {
  @IsIdList('destinations')
  destination_ids: number[];
}
