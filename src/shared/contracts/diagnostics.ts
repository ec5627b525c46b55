import { z } from 'zod';

export const diagnosticCheck = z.object({
  name: z.string(),
  status: z.enum(['pass', 'fail', 'skipped']),
  detail: z.string(),
  durationMs: z.number(),
});
export type DiagnosticCheck = z.infer<typeof diagnosticCheck>;

export const diagnosticsReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(diagnosticCheck),
});
export type DiagnosticsReport = z.infer<typeof diagnosticsReport>;
