import { expect } from 'vitest';

/** Asserts the status (showing the body when it differs) and returns the parsed JSON body. */
export async function expectJson<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
}
