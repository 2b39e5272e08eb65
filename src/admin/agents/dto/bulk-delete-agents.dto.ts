import { IsIdList } from '../../common/id-list.decorator';

export class BulkDeleteAgentsDto {
  @IsIdList('agents')
  agent_ids: number[];
}
