import { IsIdList } from '../../common/id-list.decorator';

export class BulkDeletePacksDto {
  @IsIdList('packs')
  pack_ids: number[];
}
