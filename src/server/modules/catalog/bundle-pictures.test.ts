import { describe, expect, it } from 'vitest';
import { seedBundles, seedCategories } from '../../db/seed/catalog-data';
import { emptyBundlePicture, picturesForBundle } from './bundle-pictures';
import { hasIllustration } from './render-illustration';

const seedProducts = new Map(
  seedCategories.flatMap((category) =>
    category.subcategories.flatMap((subcategory) =>
      subcategory.products.map((product) => [product.name, { name: product.name, categorySlug: category.slug, subcategorySlug: subcategory.slug, price: product.priceCents }] as const),
    ),
  ),
);
const seedBundlePictures = Object.fromEntries(
  seedBundles.map((bundle) => [bundle.name, picturesForBundle({ name: bundle.name, items: bundle.items.map((item) => ({ ...seedProducts.get(item.productName)!, quantity: item.quantity })) })]),
);

describe('bundle pictures', () => {
  it('pictures each demo bundle by the dish its name promises, then the items most of its worth is in', () => {
    expect(seedBundlePictures).toMatchObject({
      'Taco Night Kit': ['taco', 'cut-of-meat', 'avocado'],
      'Pasta Dinner for Four': ['spaghetti', 'tomato', 'hot-dog'],
      'Backyard Burger Cookout': ['hamburger', 'cut-of-meat', 'bread'],
      'Family Movie Night': ['pizza', 'cup-with-straw', 'candy'],
      'Sunday Roast Chicken Supper': ['poultry-leg', 'potato', 'lemon'],
      'New Baby Essentials': ['baby', 'lotion-bottle'],
      'New Puppy Starter Kit': ['dog-face'],
    });
  });

  it('names only illustrations the set has, at most three and each once', () => {
    const all = Object.values(seedBundlePictures);
    expect(all.flat().filter((icon) => !hasIllustration(icon))).toEqual([]);
    expect(all.filter((icons) => icons.length > 3 || new Set(icons).size !== icons.length)).toEqual([]);
    expect(hasIllustration(emptyBundlePicture)).toBe(true);
  });

  it('puts the item worth most first, the name settling a tie, and pictures a bundle with nothing left by a basket', () => {
    const item = (name: string, quantity: number, price: number) => ({ name, categorySlug: 'fruits-vegetables', subcategorySlug: 'fresh-fruit', quantity, price });
    expect(picturesForBundle({ name: 'Fruit Box', items: [item('Bananas', 3, 50), item('Lemons', 1, 400)] })).toEqual(['lemon', 'banana']);
    expect(picturesForBundle({ name: 'Fruit Box', items: [item('Lemons', 2, 100), item('Bananas', 1, 200)] })).toEqual(['banana', 'lemon']);
    expect(picturesForBundle({ name: 'Fruit Box', items: [] })).toEqual([emptyBundlePicture]);
  });
});
