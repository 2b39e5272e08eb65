import { Inject, Injectable, Module, Optional } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { assertInjectable, unresolvableParams } from './assert-injectable';

@Injectable()
class DenyList {
  revoke(): string {
    return 'revoked';
  }
}

/** The trap: a union-typed optional dependency is emitted as `Object` and silently injected as undefined. */
@Injectable()
class Planted {
  constructor(@Optional() readonly denyList: DenyList | null = null) {}
}

@Injectable()
class Fixed {
  constructor(@Optional() @Inject(DenyList) readonly denyList: DenyList | null = null) {}
}

@Module({ providers: [DenyList, Planted, Fixed] })
class PlantedModule {}

@Module({ providers: [DenyList, Fixed] })
class FixedModule {}

describe('assertInjectable', () => {
  it('finds a planted union-typed optional dependency, which Nest injected as nothing', async () => {
    const app = await Test.createTestingModule({ imports: [PlantedModule] }).compile();
    expect(app.get(Planted).denyList).toBeNull();
    expect(unresolvableParams(app)).toEqual(['Planted: constructor parameter 0 (emitted as Object)']);
    expect(() => assertInjectable(app)).toThrow(/Planted: constructor parameter 0/);
    await app.close();
  });

  it('passes the same dependency with an explicit token, which Nest then injects', async () => {
    const app = await Test.createTestingModule({ imports: [FixedModule] }).compile();
    expect(app.get(Fixed).denyList?.revoke()).toBe('revoked');
    expect(() => assertInjectable(app)).not.toThrow();
    await app.close();
  });
});
