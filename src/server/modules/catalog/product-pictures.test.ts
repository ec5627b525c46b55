import { describe, expect, it } from 'vitest';
import { seedCategories } from '../../db/seed/catalog-data';
import { productPictures } from './media-urls';
import { categoryPictures, genericPicture, pictureForCategory, pictureForProduct } from './product-pictures';
import { hasIllustration } from './render-illustration';

const seedProducts = seedCategories.flatMap((category) =>
  category.subcategories.flatMap((subcategory) =>
    subcategory.products.map((product) => ({ name: product.name, categorySlug: category.slug, subcategorySlug: subcategory.slug })),
  ),
);
const iconOf = (name: string) => {
  const product = seedProducts.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`not a seed product: ${name}`);
  return pictureForProduct(product).icon;
};

describe('product pictures', () => {
  it('recognises every demo product by its name, never falling back to its aisle or category', () => {
    const unrecognised = seedProducts.filter((product) => !pictureForProduct(product).specific).map((product) => product.name);
    expect(unrecognised).toEqual([]);
  });

  it('names only illustrations the set has', () => {
    const icons = new Set([...seedProducts.map((product) => pictureForProduct(product).icon), ...Object.values(categoryPictures), genericPicture]);
    expect([...icons].filter((icon) => !hasIllustration(icon))).toEqual([]);
  });

  it.each([
    ['Bananas', 'banana'],
    ['Organic Bananas', 'banana'],
    ['Honeycrisp Apples', 'red-apple'],
    ['Garlic Bulbs', 'garlic'],
    ['Boneless Skinless Chicken Breast', 'poultry-leg'],
    ['Chicken Noodle Soup', 'canned-food'],
    ['Bits Chicken Training Treats', 'dog-face'],
    ['Tasty Chicken Cat Treats', 'cat-face'],
    ['Hot Dog Buns', 'bread'],
    ['Beef Franks', 'hot-dog'],
    ['Flexible Fabric Adhesive Bandages', 'adhesive-bandage'],
    ['Milk Chocolate Bar', 'chocolate-bar'],
    ['Whole Milk', 'glass-of-milk'],
    ['Whole Milk Cottage Cheese', 'cheese-wedge'],
    ['Butter Croissants', 'croissant'],
    ['Honey Bunches of Oats with Almonds', 'bowl-with-spoon'],
    ['Spicy Tuna Roll', 'sushi'],
    ['Anti-Colic Baby Bottles', 'baby-bottle'],
  ])('pictures %s as %s', (name, icon) => {
    expect(iconOf(name)).toBe(icon);
  });

  it('pictures a product it cannot read by its aisle, then its category, then a basket', () => {
    expect(pictureForProduct({ name: 'Mystery Item', categorySlug: 'pet', subcategorySlug: 'cat-food-litter' })).toEqual({ icon: 'cat-face', specific: false });
    expect(pictureForProduct({ name: 'Mystery Item', categorySlug: 'frozen', subcategorySlug: 'an-aisle-added-later' })).toEqual({ icon: 'ice', specific: false });
    expect(pictureForProduct({ name: 'Mystery Item', categorySlug: 'a-category-added-later' })).toEqual({ icon: genericPicture, specific: false });
    expect(pictureForCategory('a-category-added-later')).toBe(genericPicture);
  });

  it('reads the name of a product an admin adds, whatever its case and spacing', () => {
    expect(pictureForProduct({ name: '  ORGANIC   pineapple chunks ', categorySlug: 'fruits-vegetables' })).toEqual({ icon: 'pineapple', specific: true });
    // A dog word outside the pet aisle does not make a dog.
    expect(pictureForProduct({ name: 'Jumbo Hot Dogs', categorySlug: 'meat-seafood' }).icon).toBe('hot-dog');
  });
});

describe('the pictures a product keeps', () => {
  const upload = '/api/uploads/00000000-0000-4000-8000-000000000000.png';

  it('is the drawn picture when there is no photo', () => {
    expect(productPictures('SKU-1', [])).toEqual(['/api/media/products/SKU-1.svg']);
    expect(productPictures('SKU-1', undefined)).toEqual(['/api/media/products/SKU-1.svg']);
  });

  it('lets an uploaded photo replace the drawn picture', () => {
    expect(productPictures('SKU-1', ['/api/media/products/SKU-1.svg', upload])).toEqual([upload]);
  });

  it('redraws for the current SKU a picture left from an earlier one', () => {
    expect(productPictures('SKU-2', ['/api/media/products/SKU-1.svg'])).toEqual(['/api/media/products/SKU-2.svg']);
  });
});
