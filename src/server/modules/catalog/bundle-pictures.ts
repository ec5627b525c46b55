/**
 * Which Fluent Emoji illustrations show a bundle: the dish its name promises, if any ('Taco Night
 * Kit' is tacos), then the pictures of the items it is mostly made of, so the kit also shows its beef
 * and avocados. An uploaded image takes their place.
 */
import { pictureForDishName } from './dish-pictures';
import { pictureForProduct, type PictureSubject } from './product-pictures';

export interface BundleItemSubject extends PictureSubject {
  quantity: number;
  /** What one unit usually costs, in cents (its average shelf price; 0 where no warehouse sells it). */
  price: number;
}

/** More than three pictures read as clutter at a card's size. */
const mostPictures = 3;

/** A bundle with no items left (its products were deleted) and a name that names no dish. */
export const emptyBundlePicture = 'basket';

/**
 * The bundle's pictures, the lead one first: the dish its name names, then its items by what they add
 * to the bundle's worth (quantity × price), then by name; each picture once.
 */
export function picturesForBundle(bundle: { name: string; items: readonly BundleItemSubject[] }): string[] {
  const items = [...bundle.items].sort((a, b) => b.quantity * b.price - a.quantity * a.price || a.name.localeCompare(b.name));
  const dish = pictureForDishName(bundle.name);
  const icons = [...new Set([...(dish ? [dish] : []), ...items.map((item) => pictureForProduct(item).icon)])].slice(0, mostPictures);
  return icons.length ? icons : [emptyBundlePicture];
}
