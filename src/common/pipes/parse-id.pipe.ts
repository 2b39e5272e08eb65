import { BadRequestException, Injectable, Param, PipeTransform } from '@nestjs/common';

/** Route ids are positive whole numbers; anything else is a 400, never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(value ?? '') || Number(value) > 2_147_483_647) {
      throw new BadRequestException('Invalid id.');
    }
    return Number(value);
  }
}

export const IdParam = (name = 'id') => Param(name, ParseIdPipe);
