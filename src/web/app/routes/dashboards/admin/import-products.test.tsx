import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportEvent } from '@/shared/contracts/catalog-import';
import { importCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { paths } from '@/web/config/paths';
import { createFakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';

const header = 'sku,name,category,price_cents:Georgetown';
const fileOf = (...lines: string[]) => new File([[header, ...lines].join('\n')], 'products.csv', { type: 'text/csv' });

describe('the product import page', () => {
  it('is in the admin navigation and links the template', async () => {
    renderApp(routes, { path: paths.adminImport, user: 'admin' });
    expect(await screen.findByRole('heading', { name: importCopy.title, level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Import products' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: importCopy.template })).toHaveAttribute('href', '/api/admin/catalog/import/template');
  });

  it('shows every error by row and column, imports nothing until fixed, and then shows the summary', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(routes, { path: paths.adminImport, user: 'admin' });
    await user.upload(await screen.findByLabelText(importCopy.fileLabel), fileOf('OK-1,Milk,dairy-eggs,199', 'BAD-1,,dairy-eggs,4.99'));

    const errorSection = (await screen.findByRole('heading', { name: importCopy.errorsHeading })).closest('section')!;
    const errorRows = within(errorSection).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(errorRows).toEqual([
      ['3', 'name', importCopy.refusals.required],
      ['3', 'price_cents:Georgetown', importCopy.refusals.price],
    ]);
    expect(screen.getByText(importCopy.chosen('products.csv'))).toBeInTheDocument();
    const counts = screen.getByText(importCopy.counts.errors).closest('div')!;
    expect(counts).toHaveTextContent('1');
    const importButton = screen.getByRole('button', { name: importCopy.importAll(1) });
    expect(importButton).toBeDisabled();
    expect(api.requestsTo('POST /api/admin/catalog/import')).toHaveLength(0);

    await user.upload(screen.getByLabelText(importCopy.fileLabel), fileOf('OK-1,Milk,dairy-eggs,199', 'BAD-1,Bread,dairy-eggs,499'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: importCopy.errorsHeading })).toBeNull());
    expect(await screen.findByText(importCopy.noErrors)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: importCopy.importAll(2) }));

    await screen.findByRole('heading', { name: importCopy.summaryHeading });
    expect(screen.getByText(importCopy.summary.created).nextElementSibling).toHaveTextContent('2');
    expect(await screen.findByText(importCopy.imported(2))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/catalog/import')[0]!.body).toMatchObject({ goodRowsOnly: false });
  });

  it('imports only the good rows when the admin chooses to', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(routes, { path: paths.adminImport, user: 'admin' });
    await user.upload(await screen.findByLabelText(importCopy.fileLabel), fileOf('OK-2,Milk,dairy-eggs,199', 'BAD-2,,dairy-eggs,199'));
    await user.click(await screen.findByRole('checkbox', { name: importCopy.goodRowsOnly }));
    await user.click(screen.getByRole('button', { name: importCopy.importAll(1) }));
    await screen.findByRole('heading', { name: importCopy.summaryHeading });
    expect(screen.getByText(importCopy.summary.skipped).nextElementSibling).toHaveTextContent('1');
    expect(api.requestsTo('POST /api/admin/catalog/import')[0]!.body).toMatchObject({ goodRowsOnly: true });
  });

  it('shows a progress bar while the server imports', async () => {
    const api = createFakeApi();
    let push: (event: ImportEvent) => void = () => {};
    let finish: () => void = () => {};
    api.on('POST /api/admin/catalog/import', () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (event) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
          finish = () => controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    });
    const user = userEvent.setup();
    renderApp(routes, { path: paths.adminImport, user: 'admin', api });
    await user.upload(await screen.findByLabelText(importCopy.fileLabel), fileOf('P-1,Milk,dairy-eggs,199'));
    await user.click(await screen.findByRole('button', { name: importCopy.importAll(1) }));

    push({ type: 'progress', done: 500, total: 1000 });
    const bar = await screen.findByRole('progressbar', { name: importCopy.progressLabel });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '500'));
    expect(bar).toHaveAttribute('aria-valuemax', '1000');
    expect(screen.getByText(importCopy.progress(500, 1000))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: importCopy.importing })).toHaveAttribute('aria-disabled', 'true');

    push({ type: 'summary', summary: { created: 900, updated: 100, skipped: 0, errors: 0 } });
    finish();
    await screen.findByRole('heading', { name: importCopy.summaryHeading });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(importCopy.summary.updated).nextElementSibling).toHaveTextContent('100');
  });

  it('tells the admin when the server refuses the file', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('POST /api/admin/catalog/import/preview', () => new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'x', fields: { csv: importCopy.refusals.noRows } } }), { status: 400, headers: { 'content-type': 'application/json' } }));
    renderApp(routes, { path: paths.adminImport, user: 'admin', api });
    await user.upload(await screen.findByLabelText(importCopy.fileLabel), fileOf());
    expect(await screen.findByRole('alert')).toHaveTextContent(importCopy.refusals.noRows);
    expect(screen.getByLabelText(importCopy.fileLabel)).toHaveAttribute('aria-invalid', 'true');
  });
});
