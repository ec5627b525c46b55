import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { errorBody, fieldsOf } from './errors';

/** A router whose request validation answers with the one error shape, field by field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('VALIDATION_FAILED', 'Some fields need attention.', fieldsOf(result.error)), 400);
      }
    },
  });
}
