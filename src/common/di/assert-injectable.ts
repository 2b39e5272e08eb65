import { ModulesContainer } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';

/**
 * Types that TypeScript emits as a constructor parameter's metadata when the written type is not
 * a class: an interface, a union (`Service | null`), a primitive, a function type. Nest looks such a
 * dependency up by that type, finds nothing, and — when it is @Optional() — silently injects
 * `undefined`. That is how the token deny-list once went missing from the users repository.
 */
const UNRESOLVABLE: readonly unknown[] = [Object, undefined, String, Number, Boolean, Array, Promise, Function, Symbol];

interface ParamOverride {
  index: number;
}

/** Every constructor parameter of the app's own classes that Nest cannot resolve by type and that has no @Inject() token. */
export function unresolvableParams(app: INestApplicationContext): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    const wrappers = [...module.providers.values(), ...module.controllers.values(), ...module.injectables.values()];
    for (const wrapper of wrappers) {
      const type = wrapper.metatype as unknown;
      // Factory and value providers name their dependencies themselves (`inject`).
      if (typeof type !== 'function' || wrapper.inject || seen.has(type)) continue;
      seen.add(type);
      const params: unknown[] = Reflect.getMetadata('design:paramtypes', type) ?? [];
      const overrides: ParamOverride[] = Reflect.getMetadata('self:paramtypes', type) ?? [];
      params.forEach((param, index) => {
        if (overrides.some((o) => o.index === index) || !UNRESOLVABLE.includes(param)) return;
        const written = param === undefined ? 'undefined' : (param as { name: string }).name;
        found.push(`${(type as { name: string }).name}: constructor parameter ${index} (emitted as ${written})`);
      });
    }
  }
  return found;
}

/**
 * Refuses to start an app with a dependency that cannot be injected: each must be a class, or carry
 * an @Inject() token. Run once after the app is built (createApp and the command-line tools).
 */
export function assertInjectable(app: INestApplicationContext): void {
  const found = unresolvableParams(app);
  if (found.length) {
    throw new Error(
      `These dependencies cannot be injected by type; give each an @Inject(Token) or a class type:\n- ${found.join('\n- ')}`,
    );
  }
}
