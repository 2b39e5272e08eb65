import 'reflect-metadata';
import {
  Body,
  Controller,
  HttpCode,
  Param,
  Post,
  Put,
  RequestMethod,
  Res,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  ValidationPipe,
  type Type,
} from '@nestjs/common';
import { IsString } from 'class-validator';
import { Public } from '../decorators/public.decorator';
import { QueuesOwnWrites } from '../decorators/writes-data.decorator';
import { AllExceptionsFilter, PUBLIC_FORM_ERRORS } from '../filters/all-exceptions.filter';
import { describeLane, LeanRoute } from './lean-route';

class FormDto {
  @IsString()
  name!: string;
}

const GLOBAL = new AllExceptionsFilter();

function lane(controller: Type<unknown>, name: string, method = RequestMethod.POST) {
  const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)!.value;
  return describeLane(controller, {}, name, handler, method, GLOBAL);
}

describe('describeLane (what a @LeanRoute() handler may use)', () => {
  it('reads the body type, the reply parameter, the status and the filters of a public form handler', () => {
    @Public()
    @QueuesOwnWrites()
    @UseFilters(PUBLIC_FORM_ERRORS)
    @Controller('forms')
    class Forms {
      @Post()
      @LeanRoute()
      create(@Body() _dto: FormDto, @Res({ passthrough: true }) _reply: unknown) {
        return {};
      }

      @Post('check')
      @HttpCode(200)
      @LeanRoute()
      check(@Body() _dto: FormDto) {
        return {};
      }
    }
    const create = lane(Forms, 'create');
    expect(create).toMatchObject({ bodyIndex: 0, bodyType: FormDto, replyIndex: 1, argsLength: 2, status: 201 });
    // The class's filter first, the global one last: Nest's order.
    expect(create.filters).toEqual([PUBLIC_FORM_ERRORS, GLOBAL]);
    expect(lane(Forms, 'check')).toMatchObject({ bodyIndex: 0, replyIndex: null, status: 200 });
  });

  it('answers 200 by default for another method than POST, as Nest does', () => {
    @Public()
    @QueuesOwnWrites()
    @Controller('forms')
    class Forms {
      @Put()
      @LeanRoute()
      put(@Body() _dto: FormDto) {
        return {};
      }
    }
    expect(lane(Forms, 'put', RequestMethod.PUT).status).toBe(200);
  });

  const refusals: Array<[string, () => Type<unknown>, RegExp]> = [
    [
      'a route that needs a signed-in user',
      () => {
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          create(@Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /only public routes/,
    ],
    [
      'a writing route that relies on the request-wide SQLite write queue',
      () => {
        @Public()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          create(@Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /QueuesOwnWrites/,
    ],
    [
      'a guard of its own',
      () => {
        @Public()
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          @UseGuards(
            class {
              canActivate() {
                return false;
              }
            },
          )
          create(@Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /guards/,
    ],
    [
      'an interceptor of its own',
      () => {
        @Public()
        @QueuesOwnWrites()
        @UseInterceptors(
          class {
            intercept() {}
          },
        )
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          create(@Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /interceptors/,
    ],
    [
      'a pipe of its own',
      () => {
        @Public()
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          @UsePipes(new ValidationPipe())
          create(@Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /pipes/,
    ],
    [
      'a parameter other than the body and a pass-through reply',
      () => {
        @Public()
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post(':id')
          @LeanRoute()
          create(@Param('id') _id: string, @Body() _dto: FormDto) {}
        }
        return Forms;
      },
      /only @Body\(\)/,
    ],
    [
      'a reply the handler sends itself',
      () => {
        @Public()
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          create(@Body() _dto: FormDto, @Res() _reply: unknown) {}
        }
        return Forms;
      },
      /only @Body\(\)/,
    ],
    [
      'a handler without a body',
      () => {
        @Public()
        @QueuesOwnWrites()
        @Controller('forms')
        class Forms {
          @Post()
          @LeanRoute()
          create() {}
        }
        return Forms;
      },
      /@Body\(\)/,
    ],
  ];
  it.each(refusals)('refuses %s, so the app does not start', (_what, make, message) => {
    expect(() => lane(make(), 'create')).toThrow(message);
  });
});
