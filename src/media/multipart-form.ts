import {
  BadRequestException,
  HttpException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** Longer than the per-file limit (2 MB): only the first bytes were kept. */
  truncated: boolean;
}

/** A form read from multipart/form-data or, without files, from a JSON body. */
export interface FormInput {
  /** Each field's values in order (multipart fields repeat; `name[]` counts as `name`). */
  fields: Record<string, unknown[]>;
  files: Record<string, UploadedFile[]>;
  multipart: boolean;
}

export interface FormSpec {
  fields: readonly string[];
  files: readonly string[];
}

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
};

const fieldName = (name: string) => name.replace(/\[\]$/, '');

function unknownFields(names: string[]): BadRequestException {
  const errors = Object.fromEntries(names.map((n) => [n, `Unknown field "${n}".`]));
  return new BadRequestException({ message: Object.values(errors)[0], errors });
}

function fromJson(body: unknown, spec: FormSpec): FormInput {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new BadRequestException('Expected a JSON object or multipart/form-data.');
  }
  const fields: Record<string, unknown[]> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (spec.files.includes(key)) {
      const message = `${key} must be sent as a file (multipart/form-data).`;
      throw new BadRequestException({ message, errors: { [key]: message } });
    }
    if (!spec.fields.includes(key)) unknown.push(key);
    else fields[key] = Array.isArray(value) ? value : [value];
  }
  if (unknown.length) throw unknownFields(unknown);
  return { fields, files: {}, multipart: false };
}

/**
 * Reads the whole form with @fastify/multipart (Nest's FileInterceptor is Express-only). Files
 * stay in memory (each at most the registered 2 MB; longer ones come back `truncated`), so nothing
 * touches the disk before they are checked. Limits and malformed bodies become 413/400 JSON.
 */
export async function readForm(request: FastifyRequest, spec: FormSpec): Promise<FormInput> {
  if (!request.isMultipart()) {
    const type = String(request.headers['content-type'] ?? '');
    if (type && !type.startsWith('application/json'))
      throw new UnsupportedMediaTypeException('Expected multipart/form-data or JSON.');
    return fromJson(request.body, spec);
  }
  const form: FormInput = { fields: {}, files: {}, multipart: true };
  const unknown = new Set<string>();
  let tooLong: string | null = null;
  try {
    // Over-long files come back truncated instead of aborting the form, so each gets its own message.
    const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of request.parts(options)) {
      const name = fieldName(part.fieldname);
      if (part.type === 'field') {
        if (!spec.fields.includes(name)) unknown.add(name);
        else if (part.valueTruncated) tooLong = name;
        else (form.fields[name] ??= []).push(part.value);
        continue;
      }
      if (!spec.files.includes(name)) {
        unknown.add(name);
        part.file.resume();
        await new Promise((done) => part.file.once('end', done));
        continue;
      }
      const bytes = await part.toBuffer();
      // A file input left empty is sent as a nameless empty part: it is no file.
      if (!bytes.length && !part.filename) continue;
      (form.files[name] ??= []).push({ filename: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (err) {
    if (err instanceof HttpException) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (LIMIT_MESSAGES[code]) throw new PayloadTooLargeException(LIMIT_MESSAGES[code]);
    throw new BadRequestException('Malformed multipart/form-data body.');
  }
  if (unknown.size) throw unknownFields([...unknown]);
  if (tooLong)
    throw new BadRequestException({ message: `Field "${tooLong}" is too long.`, errors: { [tooLong]: 'Too long.' } });
  return form;
}
