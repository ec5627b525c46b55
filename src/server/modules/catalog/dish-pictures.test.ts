import { describe, expect, it } from 'vitest';
import { seedKitchens } from '../../db/seed/kitchen-data';
import { dishPictureIcons, genericDishPicture, genericKitchenPicture, pictureForDish, pictureForKitchen } from './dish-pictures';
import { hasIllustration } from './render-illustration';

const seedDishes = seedKitchens.flatMap((kitchen) => kitchen.dishes.map((dish) => ({ name: dish.name, menuSection: dish.category, cuisine: kitchen.cuisine })));
const iconOf = (name: string) => {
  const dish = seedDishes.find((candidate) => candidate.name === name);
  if (!dish) throw new Error(`not a seed dish: ${name}`);
  return pictureForDish(dish).icon;
};

describe('dish pictures', () => {
  it('recognises every demo dish by its name, never falling back to its section or cuisine', () => {
    expect(seedDishes.filter((dish) => !pictureForDish(dish).specific).map((dish) => dish.name)).toEqual([]);
  });

  it('names only illustrations the set has', () => {
    expect(dishPictureIcons.filter((icon) => !hasIllustration(icon))).toEqual([]);
  });

  it.each([
    ['Carnitas Street Tacos', 'taco'],
    ['Cheese Enchiladas with Chili Gravy', 'burrito'],
    ['Queso Blanco & Chips', 'fondue'],
    ['Chicken-Fried Steak', 'cut-of-meat'],
    ['Buttermilk Fried Chicken', 'poultry-leg'],
    ['King Ranch Chicken Casserole', 'shallow-pan-of-food'],
    ['Pulled Pork Sandwich', 'sandwich'],
    ['Shrimp & Grits', 'fried-shrimp'],
    ['Butter Chicken', 'curry-rice'],
    ['Hyderabadi Chicken Dum Biryani', 'cooked-rice'],
    ['Masala Chai', 'teacup-without-handle'],
    ['Mango Lassi', 'glass-of-milk'],
    ['Pork & Kimchi Mandu', 'dumpling'],
    ['Kimchi Jjigae', 'pot-of-food'],
    ['Linguine alle Vongole', 'spaghetti'],
    ['Tiramisu', 'shortcake'],
    ['Red Lentil Soup', 'pot-of-food'],
    ['Falafel Plate', 'falafel'],
  ])('pictures %s as %s', (name, icon) => {
    expect(iconOf(name)).toBe(icon);
  });

  it('pictures a dish it cannot read by its menu section, then its cuisine, then a plate', () => {
    expect(pictureForDish({ name: "Grandma's Surprise", menuSection: 'Desserts', cuisine: 'Tex-Mex' })).toEqual({ icon: 'custard', specific: false });
    expect(pictureForDish({ name: "Grandma's Surprise", menuSection: 'Mains', cuisine: 'Indian' })).toEqual({ icon: 'curry-rice', specific: false });
    expect(pictureForDish({ name: "Grandma's Surprise", menuSection: 'Mains', cuisine: 'Fusion' })).toEqual({ icon: genericDishPicture, specific: false });
  });

  it('reads a name an owner types, whatever its case and spacing', () => {
    expect(pictureForDish({ name: '  SPICY   pepperoni PIZZA ', menuSection: 'Mains', cuisine: 'Italian' })).toEqual({ icon: 'pizza', specific: true });
  });

  it('pictures a kitchen by its cuisine, and one it cannot read by a cook', () => {
    expect(seedKitchens.map((kitchen) => pictureForKitchen(kitchen.cuisine))).toEqual(['taco', 'poultry-leg', 'curry-rice', 'steaming-bowl', 'spaghetti', 'falafel']);
    expect(pictureForKitchen('Fusion')).toBe(genericKitchenPicture);
  });
});
