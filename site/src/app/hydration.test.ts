import { isRouteErrorResponse } from 'react-router';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readHydration, serializeHydration } from './hydration';

describe('hydration data block', () => {
  it('cannot be closed early by a value holding </script>, and reads back the same', () => {
    const loaderData = { home: { text: '</script><script>alert(1)</script> & <!-- "x"' } };
    const block = serializeHydration({ loaderData, actionData: null, errors: null });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = block;
    expect(readHydration(document)?.loaderData).toEqual(loaderData);
  });

  it('carries a route error response (the 404 page) across', () => {
    const errors = { frame: new ErrorResponseImpl(404, 'Not Found', null) };
    document.body.innerHTML = serializeHydration({ loaderData: {}, actionData: null, errors });
    const error = readHydration(document)?.errors?.frame;
    expect(isRouteErrorResponse(error) && error.status).toBe(404);
  });

  it('is absent on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readHydration(document)).toBeUndefined();
  });
});
