import { expect } from 'vitest';
import type { ErrorBody } from '@/shared/errors';

/** Asserts the one error shape and returns its body for further checks. */
export async function expectError(response: Response, status: number, code: string): Promise<ErrorBody['error']> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toEqual({
    error: {
      code,
      message: expect.any(String),
      ...(body.error.fields !== undefined ? { fields: expect.any(Object) } : {}),
    },
  });
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}
