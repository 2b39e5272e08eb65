import { applyDecorators, Type } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse } from '@nestjs/swagger';

/** OpenAPI for a ra-data-simple-rest list: a JSON array plus the Content-Range header. */
export function ApiListResponse(type: Type<unknown>, resource: string) {
  return applyDecorators(
    ApiOkResponse({
      type: [type],
      description: `One page of ${resource}.`,
      headers: {
        'Content-Range': {
          description: `e.g. "${resource} 0-24/137" (total after the slash).`,
          schema: { type: 'string' },
        },
      },
    }),
    ApiBadRequestResponse({
      description: 'Malformed sort, range or filter, or a field that cannot be sorted or filtered.',
    }),
  );
}
