import { isRouteErrorResponse } from 'react-router';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readHydration, serializeHydration } from './hydration';
import type { PageMatch } from './page-state';

const match = (id: string, data: unknown): PageMatch => ({ id, params: {}, handle: undefined, data });

describe('hydration data block', () => {
  it('cannot be closed early by a value holding </script>, and reads back the same', () => {
    const home = { text: '</script><script>alert(1)</script> & <!-- "x"' };
    const block = serializeHydration({ matches: [match('root', undefined), match('home', home)], error: null });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = block;
    expect(readHydration(document)).toEqual({ data: [null, home], error: null });
  });

  it('carries a route error response (the 404 page) across', () => {
    const error = new ErrorResponseImpl(404, 'Not Found', null);
    document.body.innerHTML = serializeHydration({ matches: [match('root', undefined)], error });
    const read = readHydration(document)?.error;
    expect(isRouteErrorResponse(read) && read.status).toBe(404);
  });

  it('carries any other error as its message', () => {
    document.body.innerHTML = serializeHydration({ matches: [], error: new Error('Loading chunk deals failed') });
    const read = readHydration(document)?.error;
    expect(read).toBeInstanceOf(Error);
    expect((read as Error).message).toBe('Loading chunk deals failed');
  });

  it('is absent on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readHydration(document)).toBeUndefined();
  });
});
