/** Where the server serves its generated catalog images. */
export const mediaUrl = {
  product: (sku: string) => `/api/media/products/${encodeURIComponent(sku)}.svg`,
  category: (slug: string) => `/api/media/categories/${encodeURIComponent(slug)}.svg`,
  bundle: (id: string) => `/api/media/bundles/${id}.svg`,
  dish: (id: string) => `/api/media/dishes/${id}.svg`,
  kitchen: (id: string) => `/api/media/kitchens/${id}.svg`,
};

const drawnProductPicture = /^\/api\/media\/products\//;

/** The photos among a product's pictures, in their order: what an admin gave it, never a drawn picture. */
export function productPhotos(images: readonly string[] | undefined): string[] {
  return (images ?? []).filter((url) => !drawnProductPicture.test(url));
}

/**
 * The pictures a product keeps: the photos an admin gave it, in their order; without any, the one the
 * server draws for its SKU. A drawn picture never stands beside a photo (the photo wins), and one left
 * from an earlier SKU is redrawn for the current one.
 */
export function productPictures(sku: string, images: readonly string[] | undefined): string[] {
  const photos = productPhotos(images);
  return photos.length ? photos : [mediaUrl.product(sku)];
}
