import { useMutation } from '@tanstack/react-query';
import { importEvent, type ImportEvent, type ImportInput } from '@/shared/contracts/catalog-import';
import { api, apiBaseUrl, apiStream, unwrap } from '@/web/lib/api-client';

/** Where the template downloads from: a plain link, so the browser saves the file. */
export const importTemplateUrl = `${apiBaseUrl}/api/admin/catalog/import/template`;

/** Checks a file on the server: counts, every problem by row and column, the first rows. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (csv: string) => unwrap(api.admin.catalog.import.preview.$post({ json: { csv } })) });
}

/**
 * Runs an import and hands each line of the server's answer (progress, then the summary or a failure)
 * to `onEvent` as it arrives; throws the server's refusal when it does not start.
 */
export async function runImport(input: ImportInput, onEvent: (event: ImportEvent) => void): Promise<void> {
  const response = await apiStream('/api/admin/catalog/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) pending += value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onEvent(importEvent.parse(JSON.parse(line)));
    if (done) break;
  }
  if (pending.trim() !== '') onEvent(importEvent.parse(JSON.parse(pending)));
}
