import { IsIdList } from '../../common/id-list.decorator';

export class BulkDeleteLeadsDto {
  @IsIdList('leads')
  lead_ids: number[];
}
