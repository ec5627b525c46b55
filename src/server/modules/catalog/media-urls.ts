/** Where the server serves its generated catalog images. */
export const mediaUrl = {
  product: (sku: string) => `/api/media/products/${encodeURIComponent(sku)}.svg`,
  category: (slug: string) => `/api/media/categories/${encodeURIComponent(slug)}.svg`,
  bundle: (id: string) => `/api/media/bundles/${id}.svg`,
  dish: (id: string) => `/api/media/dishes/${id}.svg`,
  kitchen: (id: string) => `/api/media/kitchens/${id}.svg`,
};
