import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { inputShapeProblem, isShapeChecked } from '../http/input-shape';

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

/**
 * Route parameters keep their raw text: their own pipes (e.g. ParseIdPipe) judge it, so that
 * '1e3' or '0x10' is a malformed id rather than silently becoming 1000 or 16.
 */
class AppValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A JSON body was checked as text before parsing (request-policies.ts) and is not walked again;
    // this covers every other way a value reaches validation (queries, multipart fields, a direct call).
    const skip = metadata.type === 'param' || isShapeChecked(value);
    const problem = skip ? null : inputShapeProblem(value);
    if (problem) throw new BadRequestException(problem);
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
