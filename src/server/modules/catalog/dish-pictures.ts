/**
 * Which Fluent Emoji illustration shows a cloud kitchen's dish: keyword rules read from the dish's
 * name, then a picture for its menu section (desserts, drinks), then one for the kitchen's cuisine,
 * then a plate. A kitchen is pictured by its cuisine. An uploaded photo takes the place of either.
 */
import type { PicturePick } from './product-pictures';

export interface DishSubject {
  name: string;
  /** The kitchen's cuisine, as its owner wrote it ('Tex-Mex', 'Vegan Mediterranean'). */
  cuisine: string;
  /** The menu section the dish is listed under ('Mains', 'Desserts'). */
  menuSection: string;
}

const word = (...words: string[]) => new RegExp(`\\b(${words.join('|')})\\b`);

// First match wins: what a dish is (a curry, a casserole, a sandwich) comes before what is in it.
const rules: [RegExp, string][] = [
  [word('iced tea', 'sweet tea', 'agua fresca', 'lemonade', 'limonata', 'smoothie', 'shake', 'soda', 'horchata'), 'cup-with-straw'],
  [word('lassi', 'milk'), 'glass-of-milk'],
  [word('chai', 'tea'), 'teacup-without-handle'],
  [word('coffee', 'espresso', 'latte'), 'hot-beverage'],
  [word('juice'), 'beverage-box'],

  [word('ice cream', 'gelato', 'kulfi', 'sorbet'), 'ice-cream'],
  [word('cake', 'cheesecake', 'tiramisu'), 'shortcake'],
  [word('pie', 'cobbler', 'baklava', 'tart'), 'pie'],
  [word('cookies?', 'biscotti'), 'cookie'],
  [word('brownies?', 'chocolate'), 'chocolate-bar'],
  [word('doughnuts?', 'donuts?', 'churros?'), 'doughnut'],
  [word('pudding', 'flan', 'custard', 'cannoli', 'gulab jamun', 'kheer'), 'custard'],
  [word('pancakes?', 'hotteok', 'pajeon', 'crepes?'), 'pancakes'],
  [word('waffles?'), 'waffle'],

  [word('pizza', 'calzone'), 'pizza'],
  [word('burgers?', 'sliders?', 'cheeseburger'), 'hamburger'],
  [word('hot dogs?'), 'hot-dog'],
  [word('tacos?'), 'taco'],
  [word('burritos?', 'enchiladas?', 'quesadillas?', 'wraps?'), 'burrito'],
  [word('tamales?'), 'tamale'],
  [word('falafel'), 'falafel'],
  [word('shawarma', 'gyros?', 'kebabs?', 'kebob'), 'stuffed-flatbread'],
  [word('sandwich(es)?', 'subs?', 'po.?boy', 'panini', 'banh mi', 'cheesesteak'), 'sandwich'],
  [word('sushi', 'maki', 'sashimi'), 'sushi'],
  [word('dumplings?', 'mandu', 'gyoza', 'potstickers?', 'momos?', 'samosas?', 'empanadas?'), 'dumpling'],
  [word('arancini', 'onigiri', 'rice balls?'), 'rice-ball'],
  [word('tteokbokki', 'oden', 'skewers?', 'satay'), 'oden'],
  [word('curry', 'masala', 'tikka', 'korma', 'vindaloo', 'rogan josh', 'paneer', 'dal', 'chana', 'butter chicken', 'saag'), 'curry-rice'],
  [word('biryani', 'fried rice', 'bibimbap', 'rice bowl', 'pilaf', 'risotto', 'mujadara', 'paella', 'jambalaya'), 'cooked-rice'],
  [word('ramen', 'pho', 'udon', 'noodle soup', 'japchae', 'lo mein', 'chow mein', 'pad thai', 'noodles'), 'steaming-bowl'],
  [word('spaghetti', 'linguine', 'penne', 'rigatoni', 'ziti', 'lasagna', 'fettuccine', 'ravioli', 'gnocchi', 'pasta', 'mac & cheese', 'macaroni'), 'spaghetti'],
  [word('casserole', 'moussaka', 'fajitas?', 'bokkeum', 'stir.?fry', 'shakshuka', 'parmigiana'), 'shallow-pan-of-food'],
  [word('soup', 'stew', 'jjigae', 'chili', 'gumbo', 'chowder', 'broth'), 'pot-of-food'],
  [word('couscous', 'porridge', 'oatmeal', 'bowl'), 'bowl-with-spoon'],
  [word('salad', 'slaw', 'coleslaw'), 'green-salad'],
  [word('queso', 'fondue', 'nachos'), 'fondue'],
  [word('fries', 'french fries', 'chips'), 'french-fries'],
  [word('naan', 'pita', 'flatbread', 'roti', 'paratha', 'tortillas?'), 'flatbread'],
  [word('cornbread', 'bread', 'rolls', 'biscuits?', 'garlic knots'), 'bread'],
  [word('shrimp', 'prawns?'), 'fried-shrimp'],
  [word('clams?', 'vongole', 'mussels', 'oysters?', 'scallops'), 'oyster'],
  [word('salmon', 'cod', 'fish', 'tilapia', 'tuna', 'catfish'), 'fish'],
  [word('ribs', 'lamb shank', 'oxtail'), 'meat-on-bone'],
  [word('steak', 'brisket', 'bulgogi', 'meatloaf', 'meatballs', 'pork', 'beef', 'lamb', 'carnitas', 'barbacoa', 'galbi'), 'cut-of-meat'],
  [word('chicken', 'wings', 'turkey', 'duck'), 'poultry-leg'],
  [word('eggs?', 'omelette', 'omelet', 'frittata'), 'cooking'],
  [word('chile relleno', 'jalapenos?', 'peppers'), 'hot-pepper'],
  [word('eggplant', 'baba ganoush'), 'eggplant'],
  [word('beans', 'lentils?', 'hummus', 'chickpeas?'), 'beans'],
  [word('greens', 'grape leaves', 'dolmas?', 'spinach', 'kale', 'escarole'), 'leafy-green'],
  [word('mezze', 'olives?', 'antipasto'), 'olive'],
  [word('corn', 'elote'), 'ear-of-corn'],
  [word('sweet potato(es)?', 'yams?'), 'roasted-sweet-potato'],
  [word('potato(es)?', 'hash browns?'), 'potato'],
];

const sectionRules: [RegExp, string][] = [
  [/dessert|sweet/i, 'custard'],
  [/drink|beverage/i, 'cup-with-straw'],
];

// A cuisine names a picture by its most telling word; the first that matches wins.
const cuisineRules: [RegExp, string][] = [
  [word('tex-mex', 'mexican', 'latin', 'taqueria'), 'taco'],
  [word('indian', 'pakistani', 'nepali', 'sri lankan'), 'curry-rice'],
  [word('korean', 'thai', 'vietnamese', 'ramen', 'noodles?'), 'steaming-bowl'],
  [word('japanese', 'sushi'), 'sushi'],
  [word('chinese', 'asian'), 'takeout-box'],
  [word('italian', 'pasta'), 'spaghetti'],
  [word('pizza', 'pizzeria'), 'pizza'],
  [word('mediterranean', 'middle eastern', 'lebanese', 'greek', 'turkish', 'persian', 'israeli'), 'falafel'],
  [word('southern', 'soul', 'comfort', 'fried chicken'), 'poultry-leg'],
  [word('bbq', 'barbecue', 'smokehouse', 'steakhouse'), 'meat-on-bone'],
  [word('burgers?', 'american', 'diner'), 'hamburger'],
  [word('seafood', 'fish'), 'fish'],
  [word('bakery', 'desserts?', 'pastry', 'sweets'), 'shortcake'],
  [word('breakfast', 'brunch'), 'pancakes'],
  [word('vegan', 'vegetarian', 'salads?', 'healthy'), 'green-salad'],
];

/** A dish nothing else recognised, of a cuisine nothing recognised either. */
export const genericDishPicture = 'fork-and-knife-with-plate';
/** A kitchen of a cuisine nothing recognised. */
export const genericKitchenPicture = 'cook';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const firstMatch = (rules: [RegExp, string][], text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

export function pictureForCuisine(cuisine: string): string | undefined {
  return firstMatch(cuisineRules, normalise(cuisine));
}

export function pictureForKitchen(cuisine: string): string {
  return pictureForCuisine(cuisine) ?? genericKitchenPicture;
}

/** The picture of a dish its name names ('Pasta Dinner' is spaghetti), if any. */
export function pictureForDishName(name: string): string | undefined {
  return firstMatch(rules, normalise(name));
}

export function pictureForDish(subject: DishSubject): PicturePick {
  const chosen = pictureForDishName(subject.name);
  if (chosen) return { icon: chosen, specific: true };
  const fallback = firstMatch(sectionRules, subject.menuSection) ?? pictureForCuisine(subject.cuisine) ?? genericDishPicture;
  return { icon: fallback, specific: false };
}

/** Every illustration these rules may name, so a test can check the set has each. */
export const dishPictureIcons = [...new Set([...rules, ...sectionRules, ...cuisineRules].map(([, icon]) => icon).concat(genericDishPicture, genericKitchenPicture))];
