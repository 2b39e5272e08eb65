import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function collect(errors: ValidationError[], prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length && !(field in out)) {
      // class-validator reports constraints in reverse declaration order; the first declared rule wins.
      out[field] = messages[messages.length - 1];
    }
    if (error.children?.length) collect(error.children, field, out);
  }
  return out;
}

/** Deeper JSON is refused before class-transformer recurses into it (it overflows the stack near 2,000 levels: a 500). */
export const MAX_INPUT_DEPTH = 32;

function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Route parameters keep their raw text: their own pipes (e.g. ParseIdPipe) judge it, so that
 * '1e3' or '0x10' is a malformed id rather than silently becoming 1000 or 16.
 */
class AppValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (nestedDeeperThan(value, MAX_INPUT_DEPTH)) throw new BadRequestException('Request body is nested too deeply.');
    return super.transform(value, metadata);
  }

  protected transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** Turns class-validator failures into `{ message, errors: { field: message } }` (400). */
export function buildValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const first = Object.values(fields)[0] ?? 'Invalid input.';
      return new BadRequestException({ message: first, errors: fields });
    },
  });
}
