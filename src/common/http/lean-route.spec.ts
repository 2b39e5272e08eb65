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

  /**
   * A `Forms` controller whose `create(...)` is a marked POST, with the given decorators: by default
   * public, queuing its own writes, and taking a `FormDto` body.
   */
  function forms({
    onClass = [Public(), QueuesOwnWrites()],
    onMethod = [],
    params = [Body()],
    path,
  }: {
    onClass?: ClassDecorator[];
    onMethod?: MethodDecorator[];
    params?: ParameterDecorator[];
    path?: string;
  }): Type<unknown> {
    class Forms {
      create() {}
    }
    params.forEach((param, index) => param(Forms.prototype, 'create', index));
    Reflect.defineMetadata('design:paramtypes', [FormDto, Object], Forms.prototype, 'create');
    const descriptor = Object.getOwnPropertyDescriptor(Forms.prototype, 'create')!;
    Reflect.decorate([Post(path), LeanRoute(), ...onMethod], Forms.prototype, 'create', descriptor);
    return Reflect.decorate([...onClass, Controller('forms')], Forms) as Type<unknown>;
  }

  const refusals: Array<[string, () => Type<unknown>, RegExp]> = [
    ['a route that needs a signed-in user', () => forms({ onClass: [QueuesOwnWrites()] }), /only public routes/],
    [
      'a writing route that relies on the request-wide SQLite write queue',
      () => forms({ onClass: [Public()] }),
      /QueuesOwnWrites/,
    ],
    [
      'a guard of its own',
      () =>
        forms({
          onMethod: [
            UseGuards(
              class {
                canActivate = () => false;
              },
            ),
          ],
        }),
      /guards/,
    ],
    [
      'an interceptor of its own',
      () =>
        forms({
          onClass: [
            Public(),
            QueuesOwnWrites(),
            UseInterceptors(
              class {
                intercept() {}
              },
            ),
          ],
        }),
      /interceptors/,
    ],
    ['a pipe of its own', () => forms({ onMethod: [UsePipes(new ValidationPipe())] }), /pipes/],
    [
      'a parameter other than the body and a pass-through reply',
      () => forms({ path: ':id', params: [Param('id'), Body()] }),
      /only @Body\(\)/,
    ],
    ['a reply the handler sends itself', () => forms({ params: [Body(), Res()] }), /only @Body\(\)/],
    ['a handler without a body', () => forms({ params: [] }), /@Body\(\)/],
  ];
  it.each(refusals)('refuses %s, so the app does not start', (_what, make, message) => {
    expect(() => lane(make(), 'create')).toThrow(message);
  });
});
