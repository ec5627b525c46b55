import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

const errorDescriptions: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  402: 'A provider requires payment',
  403: 'Not allowed for this role',
  404: 'Not found',
  409: 'Conflicts with the current state',
  429: 'Too many requests',
  502: 'A provider failed',
};

export function jsonContent<T extends ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonContent(errorSchema, errorDescriptions[status] ?? 'Error')]),
  ) as Record<S, ReturnType<typeof jsonContent<typeof errorSchema>>>;
}
