import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { uploadRefusals } from '@/shared/copy';
import { catalogAdminCopy, catalogEditorCopy } from '@/shared/staff-copy';
import { paths } from '@/web/config/paths';
import { catalogAdminState } from '@/web/test/fake-catalog-admin';
import { createFakeApi } from '@/web/test/fake-api';
import { georgetownId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

async function renderAt(path: string) {
  const { routes } = await import('@/web/app/router');
  const api = createFakeApi();
  const view = renderApp(routes, { api, path, user: 'admin' });
  return { ...view, state: catalogAdminState(api) };
}

const png = (name = 'melon.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

// Whole pages typed into field by field: slower than the default 5 s on a busy machine.
describe('the admin catalog', { timeout: 30_000 }, () => {
  it('lists products searched and filtered on the server, with the nav item', async () => {
    const { api } = await renderAt(paths.adminCatalog);
    expect(await screen.findByRole('link', { name: 'Catalog' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    const total = within(list).getAllByRole('listitem').length;
    expect(total).toBeGreaterThan(1);
    const first = within(list).getAllByRole('listitem')[0]!.textContent!;
    const sku = /SKU-\d+/.exec(first)![0];
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), sku);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')).toHaveLength(1));
    expect(api.requests.some((request) => request.path === '/api/admin/catalog/products' && request.query.get('q') === sku)).toBe(true);
  });

  it('creates a product with an uploaded image, then sets its price and stock at a warehouse', async () => {
    const { state, router } = await renderAt(paths.adminCatalogNewProduct);
    const form = await screen.findByRole('form', { name: 'New product' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Zebra Melon');
    await userEvent.type(within(form).getByLabelText('SKU'), 'ZEB-1');
    const category = within(form).getByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(category, within(category).getAllByRole('option')[1]!);
    await userEvent.upload(within(form).getByLabelText('Add image'), png());
    expect(await within(form).findByRole('img', { name: 'Image 1 (main)' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/catalog\/products\/[0-9a-f-]{36}$/));
    const created = state.products.find((product) => product.sku === 'ZEB-1')!;
    expect(created).toMatchObject({ name: 'Zebra Melon', images: [expect.stringMatching(/^\/api\/uploads\/.+\.png$/)] });

    const shelf = await screen.findByRole('form', { name: `${created.shelves.find((candidate) => candidate.warehouseId === georgetownId)!.warehouseName} price and stock` });
    await userEvent.type(within(shelf).getByLabelText('Price ($)'), '0');
    await userEvent.click(within(shelf).getByRole('button', { name: /^Save / }));
    expect(await within(shelf).findByText('Price must be more than 0')).toBeInTheDocument();
    // A sum written with a third decimal is told how to write it, not that it is no number.
    await userEvent.clear(within(shelf).getByLabelText('Price ($)'));
    await userEvent.type(within(shelf).getByLabelText('Price ($)'), '5.999');
    await userEvent.click(within(shelf).getByRole('button', { name: /^Save / }));
    expect(await within(shelf).findByText(catalogAdminCopy.refusals.priceFormat)).toBeInTheDocument();
    await userEvent.clear(within(shelf).getByLabelText('Price ($)'));
    await userEvent.type(within(shelf).getByLabelText('Price ($)'), '3.49');
    await userEvent.clear(within(shelf).getByLabelText('Stock'));
    await userEvent.type(within(shelf).getByLabelText('Stock'), '25');
    await userEvent.click(within(shelf).getByRole('button', { name: /^Save / }));
    await waitFor(() => expect(created.shelves.find((candidate) => candidate.warehouseId === georgetownId)).toMatchObject({ price: 349, stockQuantity: 25, active: true }));
    expect(await screen.findByText(catalogAdminCopy.toasts.shelfSaved)).toBeInTheDocument();
  });

  it("shows the server's refusals at the field: a taken SKU and a file that is not an image", async () => {
    const { state } = await renderAt(paths.adminCatalogProduct(createFakeApiProductId()));
    const form = await screen.findByRole('form', { name: 'Product details' });
    await userEvent.upload(within(form).getByLabelText('Add image'), new File(['not an image'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await within(form).findByText(uploadRefusals.notAnImage)).toBeInTheDocument();
    const sku = within(form).getByLabelText('SKU');
    await userEvent.clear(sku);
    await userEvent.type(sku, state.products[1]!.sku);
    await userEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await within(form).findByText(catalogAdminCopy.refusals.skuTaken)).toBeInTheDocument();
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    // The refused field takes focus, so its message is read and, on a phone, scrolled into view.
    expect(sku).toHaveFocus();
  });

  it('puts focus on the first field its own checks refuse', async () => {
    await renderAt(paths.adminCatalogProduct(createFakeApiProductId()));
    const form = await screen.findByRole('form', { name: 'Product details' });
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveFocus();
  });

  it('says truthfully where a product is sold: a warehouse not stocking it is not ticked until given a price, one sold out says so', async () => {
    const { routes } = await import('@/web/app/router');
    const api = createFakeApi();
    const product = catalogAdminState(api).products[0]!;
    const [sold, unstocked] = product.shelves;
    Object.assign(sold!, { price: 299, stockQuantity: 0, active: true });
    Object.assign(unstocked!, { price: null, stockQuantity: 0, active: false });
    renderApp(routes, { api, path: paths.adminCatalogProduct(product.id), user: 'admin' });

    const soldOut = await screen.findByRole('form', { name: `${sold!.warehouseName} price and stock` });
    expect(within(soldOut).getByText(catalogEditorCopy.shelves.onSaleNoStock)).toBeInTheDocument();
    expect(within(soldOut).getByRole('checkbox', { name: catalogEditorCopy.shelves.sellHere })).toBeChecked();

    const shelf = screen.getByRole('form', { name: `${unstocked!.warehouseName} price and stock` });
    expect(within(shelf).getByText(catalogEditorCopy.shelves.notStocked)).toBeInTheDocument();
    const sellHere = within(shelf).getByRole('checkbox', { name: catalogEditorCopy.shelves.sellHere });
    expect(sellHere).not.toBeChecked();
    await userEvent.type(within(shelf).getByLabelText('Price ($)'), '2.50');
    expect(sellHere).toBeChecked();
    // The admin's own choice stands: unticked, the price is saved without selling it there.
    await userEvent.click(sellHere);
    await userEvent.clear(within(shelf).getByLabelText('Price ($)'));
    await userEvent.type(within(shelf).getByLabelText('Price ($)'), '3');
    expect(sellHere).not.toBeChecked();
    await userEvent.click(within(shelf).getByRole('button', { name: /^Save / }));
    await waitFor(() => expect(product.shelves[1]).toMatchObject({ price: 300, active: false }));
  });

  it('shows a product without photos its drawn picture apart from its images, and makes the first photo uploaded the main one', async () => {
    const { state } = await renderAt(paths.adminCatalogProduct(createFakeApiProductId()));
    const form = await screen.findByRole('form', { name: 'Product details' });
    const drawn = state.products[0]!.picture;
    expect(drawn).toMatch(/^\/api\/media\/products\//);
    expect(within(form).getByRole('img', { name: catalogEditorCopy.images.drawnAlt })).toHaveAttribute('src', drawn);
    expect(within(form).getByText(catalogEditorCopy.images.drawn)).toBeInTheDocument();
    // Not one of the images: nothing to move or remove.
    expect(within(form).queryByRole('button', { name: 'Remove image 1' })).not.toBeInTheDocument();

    await userEvent.upload(within(form).getByLabelText('Add image'), png('first.png'));
    expect(await within(form).findByRole('img', { name: 'Image 1 (main)' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/uploads\//));
    expect(within(form).queryByRole('img', { name: catalogEditorCopy.images.drawnAlt })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(state.products[0]!.images).toEqual([expect.stringMatching(/^\/api\/uploads\//)]));
  });

  it("shows a product's category and subcategory when the list of categories arrives after the product", async () => {
    const { routes } = await import('@/web/app/router');
    const api = createFakeApi();
    const product = catalogAdminState(api).products.find((each) => each.subcategoryId)!;
    const categories = api.holdNext('GET /api/admin/catalog/categories');
    renderApp(routes, { api, path: paths.adminCatalogProduct(product.id), user: 'admin' });
    const form = await screen.findByRole('form', { name: 'Product details' });
    expect(within(form).getByLabelText(catalogEditorCopy.common.name)).toHaveValue(product.name);

    categories.release();
    await waitFor(() => expect(within(form).getByLabelText(catalogEditorCopy.common.category)).toHaveValue(product.categoryId));
    expect(within(form).getByLabelText(catalogEditorCopy.common.subcategory)).toHaveValue(product.subcategoryId);
  });

  it('reorders and removes images before saving', async () => {
    const { state } = await renderAt(paths.adminCatalogProduct(createFakeApiProductId()));
    const form = await screen.findByRole('form', { name: 'Product details' });
    await userEvent.upload(within(form).getByLabelText('Add image'), png('first.png'));
    await within(form).findByRole('img', { name: 'Image 1 (main)' });
    await userEvent.upload(within(form).getByLabelText('Add image'), png('second.png'));
    await within(form).findByRole('img', { name: 'Image 2' });
    const first = within(form).getByRole('img', { name: 'Image 1 (main)' }).getAttribute('src');
    await userEvent.click(within(form).getByRole('button', { name: 'Move image 2 earlier' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Remove image 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(state.products[0]!.images).toHaveLength(1));
    expect(state.products[0]!.images[0]).not.toBe(first);
    expect(state.products[0]!.images[0]).toMatch(/^\/api\/uploads\//);
  });

  it('makes a bundle only from two products or more', async () => {
    const { state } = await renderAt(paths.adminCatalogBundles);
    expect(await screen.findByText('There are no bundles yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New bundle' }));
    const form = await screen.findByRole('form', { name: 'New bundle' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Cheese Board');
    await userEvent.type(within(form).getByLabelText('Bundle price ($)'), '12,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bundle' }));
    expect(await within(form).findByText(catalogAdminCopy.refusals.priceFormat)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Bundle price ($)'));
    await userEvent.type(within(form).getByLabelText('Bundle price ($)'), '12');
    const [first, second] = state.products;
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Add a product' }), first!.sku);
    await userEvent.click(await within(form).findByRole('button', { name: new RegExp(first!.name) }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save bundle' }));
    expect(await within(form).findByText('A bundle needs at least 2 products')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Add a product' }), second!.sku);
    await userEvent.click(await within(form).findByRole('button', { name: new RegExp(second!.name) }));
    await userEvent.clear(within(form).getByLabelText(`Quantity of ${second!.name}`));
    await userEvent.type(within(form).getByLabelText(`Quantity of ${second!.name}`), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bundle' }));
    await waitFor(() => expect(state.bundles, form.textContent ?? '').toHaveLength(1));
    expect(state.bundles[0]).toMatchObject({ name: 'Cheese Board', discountedPrice: 1200, items: [{ productId: first!.id, quantity: 1 }, { productId: second!.id, quantity: 2 }] });
    expect(await screen.findByRole('list', { name: 'Bundles' })).toHaveTextContent('Cheese Board');
  });

  it('refuses a discount of 100 % or ending before it starts, and saves a good one on a category', async () => {
    const { state } = await renderAt(paths.adminCatalogDiscounts);
    await userEvent.click(await screen.findByRole('button', { name: 'New discount' }));
    const form = await screen.findByRole('form', { name: 'New discount' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Dairy 3+');
    await userEvent.selectOptions(within(form).getByLabelText('Applies to'), 'category');
    const target = within(form).getByLabelText('Category');
    await waitFor(() => expect(within(target).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(target, within(target).getAllByRole('option')[1]!);
    const percentage = within(form).getByLabelText('Percentage off');
    await userEvent.clear(percentage);
    await userEvent.type(percentage, '100');
    await userEvent.type(within(form).getByLabelText('Valid from'), '2030-02-01');
    await userEvent.type(within(form).getByLabelText('Valid until'), '2030-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
    expect(await within(form).findByText('Percentage must be from 1 to 99')).toBeInTheDocument();
    expect(within(form).getByText('Must be after the start')).toBeInTheDocument();
    expect(state.discounts).toEqual([]);
    await userEvent.clear(percentage);
    await userEvent.type(percentage, '15');
    await userEvent.clear(within(form).getByLabelText('Valid until'));
    await userEvent.type(within(form).getByLabelText('Valid until'), '2030-03-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(state.discounts).toHaveLength(1));
    expect(state.discounts[0]).toMatchObject({ name: 'Dairy 3+', scope: 'category', percentage: 15, minQuantity: 2 });
  });

  it('saves a discount on every product, with no target to choose, and lists it as on all products', async () => {
    const { state } = await renderAt(paths.adminCatalogDiscounts);
    await userEvent.click(await screen.findByRole('button', { name: 'New discount' }));
    const form = await screen.findByRole('form', { name: 'New discount' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Everything 10+');
    await userEvent.selectOptions(within(form).getByLabelText('Applies to'), catalogAdminCopy.offers.scopeAll);
    expect(within(form).getByText(catalogAdminCopy.offers.allProductsNote)).toBeInTheDocument();
    expect(within(form).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Category')).not.toBeInTheDocument();
    const minimum = within(form).getByLabelText('Minimum quantity');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(state.discounts).toHaveLength(1));
    expect(state.discounts[0]).toMatchObject({ name: 'Everything 10+', scope: 'all', targetId: null, minQuantity: 10, percentage: 10 });
    const list = await screen.findByRole('list', { name: 'Discounts' });
    expect(within(list).getByText(catalogAdminCopy.offers.allProducts)).toBeInTheDocument();
    expect(within(list).getByText(catalogAdminCopy.offers.always)).toBeInTheDocument();
  });

  it('gives an offer a validity window, refusing one that ends before it starts', async () => {
    const { state } = await renderAt(paths.adminCatalogOffers);
    await userEvent.click(await screen.findByRole('button', { name: 'New offer' }));
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Weekend apples');
    const product = state.products[0]!;
    await userEvent.type(within(form).getByRole('searchbox'), product.sku);
    await userEvent.click(await within(form).findByRole('button', { name: new RegExp(product.name) }));
    await userEvent.type(within(form).getByLabelText(catalogAdminCopy.offers.startsAt), '2030-02-01');
    await userEvent.type(within(form).getByLabelText(catalogAdminCopy.offers.endsAt), '2030-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save offer' }));
    expect(await within(form).findByText('Must be after the start')).toBeInTheDocument();
    expect(within(form).getByLabelText(catalogAdminCopy.offers.endsAt)).toHaveAttribute('aria-invalid', 'true');
    expect(state.offers).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(catalogAdminCopy.offers.endsAt));
    await userEvent.type(within(form).getByLabelText(catalogAdminCopy.offers.endsAt), '2030-02-03');
    await userEvent.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(state.offers).toHaveLength(1));
    expect(state.offers[0]).toMatchObject({
      name: 'Weekend apples',
      productId: product.id,
      startsAt: new Date('2030-02-01T00:00:00').toISOString(),
      endsAt: new Date('2030-02-03T00:00:00').toISOString(),
    });
    const item = within(await screen.findByRole('list', { name: 'Offers' })).getByRole('listitem');
    expect(item).toHaveTextContent('Feb 1, 2030 – Feb 3, 2030');
    expect(item).toHaveTextContent(catalogAdminCopy.offers.notStarted);
  });

  it('adds a subcategory to a category', async () => {
    const { state } = await renderAt(paths.adminCatalogCategories);
    const category = state.categories[0]!;
    await userEvent.click(await screen.findByRole('button', { name: `Add a subcategory to ${category.name}` }));
    const form = await screen.findByRole('form', { name: 'New subcategory' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Goat Cheese');
    await userEvent.click(within(form).getByRole('button', { name: 'Save subcategory' }));
    expect(await screen.findByRole('button', { name: 'Edit subcategory Goat Cheese' })).toBeInTheDocument();
  });
});

/** The first product of the fake's default data set. */
function createFakeApiProductId() {
  return catalogAdminState(createFakeApi()).products[0]!.id;
}
