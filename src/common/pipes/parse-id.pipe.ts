import { BadRequestException, Injectable, Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

const MAX_ID = 2_147_483_647;

/** Route ids are positive whole numbers; anything else is a 400, never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(value ?? '') || Number(value) > MAX_ID) {
      throw new BadRequestException('Invalid id.');
    }
    return Number(value);
  }
}

/** A route id, checked by ParseIdPipe and described so in the OpenAPI document. */
export const IdParam =
  (name = 'id'): ParameterDecorator =>
  (target, key, index) => {
    Param(name, ParseIdPipe)(target, key, index);
    const method = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (key !== undefined && method)
      ApiParam({ name, schema: { type: 'integer', minimum: 1, maximum: MAX_ID } })(target, key, method);
  };
