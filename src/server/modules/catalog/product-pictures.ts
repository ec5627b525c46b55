/**
 * Which Fluent Emoji illustration shows a product: a curated table for names the rules would get
 * wrong, then keyword rules read from the name, then a picture for the product's aisle or category.
 * Products an admin creates or imports without a photo are pictured by the same rules.
 */

export interface PictureSubject {
  name: string;
  categorySlug: string;
  subcategorySlug?: string | null;
}

export interface PicturePick {
  icon: string;
  /** False when nothing in the name was recognised and the aisle's or category's picture stands in. */
  specific: boolean;
}

/** Names whose words would mislead the rules (a hot dog bun is bread, not a dog). */
const curated: Record<string, string> = {
  'hot dog buns': 'bread',
  'caesar salad kit': 'green-salad',
  'green onions': 'onion',
  'half & half': 'glass-of-milk',
  'original naan': 'flatbread',
  'apple pie': 'pie',
  'chocolate chip cookies': 'cookie',
  'new york cheesecake': 'shortcake',
  'chocolate fudge layer cake': 'birthday-cake',
  'macaroni & cheese original': 'spaghetti',
  'homestyle mac & cheese': 'spaghetti',
  'chicken tikka masala with basmati rice': 'curry-rice',
  'italian meatballs in marinara': 'spaghetti',
  'family size lasagna with meat & sauce': 'spaghetti',
  'homestyle potato salad': 'potato',
  'classic chicken salad': 'sandwich',
  'original crackers': 'rice-cracker',
  'wheat thins original': 'rice-cracker',
  'crunchy cheese flavored snacks': 'cheese-wedge',
  'medium chunky salsa': 'tomato',
  'peanut butter cups miniatures': 'chocolate-bar',
  'peanut chocolate candies': 'candy',
  'strawberry fruit bars': 'shaved-ice',
  'original whipped topping': 'custard',
  'half baked ice cream': 'ice-cream',
  'grands! southern homestyle buttermilk biscuits': 'bread',
  'frosted strawberry toaster pastries': 'bread',
  'hazelnut spread with cocoa': 'chestnut',
  'concord grape jelly': 'grapes',
  'air effects linen & sky': 'wind-face',
  'unstopables in-wash scent booster': 'bubbles',
  'cool blue thirst quencher': 'cup-with-straw',
  'pure premium orange juice no pulp': 'beverage-box',
  'simply lemonade': 'lemon',
  'sweet tea': 'teacup-without-handle',
  'pure coconut water': 'coconut',
  'semi-sweet chocolate morsels': 'chocolate-bar',
  'granulated sugar': 'candy',
  'pure vanilla extract': 'jar',
  'baking soda': 'salt',
  'strawberry apple puffs': 'baby-bottle',
  'organic strawberry yogis': 'baby-bottle',
  'sweet potato 1st foods': 'roasted-sweet-potato',
  'organic oatmeal baby cereal': 'bowl-with-spoon',
  'maximum strength diaper rash paste': 'lotion-bottle',
  'baby healing ointment': 'lotion-bottle',
  'stage 1 baby laundry detergent': 'bubbles',
  'squeakair tennis balls': 'tennis',
  'wee-wee puppy pads': 'dog-face',
  'dog poop bags': 'dog-face',
  'life protection formula chicken & brown rice': 'dog-face',
  'bits chicken training treats': 'dog-face',
  'tender selects blend with real salmon': 'cat-face',
  'street taco flour tortillas': 'flatbread',
};

/** A rule pictures a product when its pattern matches the name, inside the given categories if any. */
interface Rule {
  pattern: RegExp;
  icon: string;
  in?: string[];
}

const word = (...words: string[]) => new RegExp(`\\b(${words.join('|')})\\b`);

// First match wins: what a product is (soup, chips, a dog treat) comes before what it tastes of.
const rules: Rule[] = [
  { pattern: word('dogs?', 'puppy', 'canine'), icon: 'dog-face', in: ['pet'] },
  { pattern: word('cats?', 'feline', 'kitten', 'catnip'), icon: 'cat-face', in: ['pet'] },
  { pattern: word('bottles?', 'formula'), icon: 'baby-bottle', in: ['baby'] },
  { pattern: word('diapers?', 'pull-ups', 'wipes', 'pacifiers?'), icon: 'baby', in: ['baby'] },
  { pattern: word('pouch', 'food'), icon: 'baby-bottle', in: ['baby'] },
  { pattern: word('shampoo', 'conditioner', 'body wash', 'lotion', 'oil', 'deodorant', 'antiperspirant', 'cleanser', 'sunscreen', 'sanitizer'), icon: 'lotion-bottle', in: ['personal-care', 'baby'] },
  { pattern: word('beauty bar', 'soap'), icon: 'soap', in: ['personal-care', 'household'] },
  { pattern: word('razors?'), icon: 'razor' },
  { pattern: word('toothbrush(es)?'), icon: 'toothbrush' },
  { pattern: word('toothpaste', 'mouthwash', 'floss', 'dental'), icon: 'tooth', in: ['personal-care'] },
  { pattern: word('bandages?'), icon: 'adhesive-bandage' },
  { pattern: word('tablets', 'caplets', 'softgels', 'vitamins?', 'multivitamin', 'cough', 'flu', 'pain', 'allergy'), icon: 'pill', in: ['personal-care'] },
  { pattern: word('paper towels', 'toilet paper', 'tissues', 'plastic wrap', 'foil'), icon: 'roll-of-paper' },
  { pattern: word('trash bags', 'storage bags'), icon: 'wastebasket' },
  { pattern: word('plates'), icon: 'fork-and-knife-with-plate', in: ['household'] },
  { pattern: word('toilet bowl'), icon: 'toilet' },
  { pattern: word('glass cleaner'), icon: 'window' },
  { pattern: word('wipes', 'sponges?', 'eraser', 'cleaner'), icon: 'sponge', in: ['household'] },
  { pattern: word('bleach'), icon: 'bucket' },
  { pattern: word('dish soap', 'dishwasher', 'detergent', 'laundry', 'dryer sheets', 'stain'), icon: 'bubbles' },
  { pattern: word('batteries', 'battery'), icon: 'battery' },
  { pattern: word('light bulbs?', 'bulbs'), icon: 'light-bulb', in: ['household'] },

  { pattern: word('soup', 'broth'), icon: 'canned-food' },
  { pattern: word('tuna in water', 'canned'), icon: 'canned-food' },
  { pattern: word('pizza'), icon: 'pizza' },
  { pattern: word('ice cream', 'sorbetto', 'sorbet', 'gelato'), icon: 'ice-cream' },
  { pattern: word('potstickers', 'dumplings?'), icon: 'dumpling' },
  { pattern: word('burritos?', 'enchiladas?'), icon: 'burrito' },
  { pattern: word('taco seasoning'), icon: 'salt' },
  { pattern: word('tacos?'), icon: 'taco' },
  { pattern: word('fried rice'), icon: 'cooked-rice' },
  { pattern: word('pot pie', 'pie'), icon: 'pie' },
  { pattern: word('sushi', 'tuna roll', 'california roll'), icon: 'sushi' },
  { pattern: word('wrap', 'sub', 'sandwich'), icon: 'sandwich', in: ['deli-prepared'] },
  { pattern: word('guacamole'), icon: 'avocado' },
  { pattern: word('pico de gallo'), icon: 'tomato' },
  { pattern: word('hummus', 'beans'), icon: 'beans' },
  { pattern: word('coleslaw', 'salad'), icon: 'green-salad' },
  { pattern: word('french fries', 'fries'), icon: 'french-fries' },

  { pattern: word('granola bars', 'protein bars', 'bars'), icon: 'chocolate-bar', in: ['snacks'] },
  { pattern: word('cereal', 'cheerios', 'flakes', 'crunch', 'bran', 'oats', 'oatmeal', 'cream of wheat', 'granola', 'mini-wheats', 'lucky charms'), icon: 'bowl-with-spoon' },
  { pattern: word('popcorn'), icon: 'popcorn' },
  { pattern: word('pretzels?'), icon: 'pretzel' },
  { pattern: word('crackers'), icon: 'rice-cracker' },
  { pattern: word('potato chips', 'potato crisps'), icon: 'potato' },
  { pattern: word('tortilla chips'), icon: 'ear-of-corn' },
  { pattern: word('cookies?'), icon: 'cookie' },
  { pattern: word('chocolate bar', 'chocolate'), icon: 'chocolate-bar', in: ['snacks'] },
  { pattern: word('gummy', 'candy', 'candies'), icon: 'candy' },
  { pattern: word('peanut butter', 'peanuts'), icon: 'peanuts' },
  { pattern: word('almond butter', 'almonds', 'pistachios', 'nuts'), icon: 'chestnut' },

  { pattern: word('syrup'), icon: 'maple-leaf' },
  { pattern: word('pancake mix', 'pancakes?', 'power cakes'), icon: 'pancakes' },
  { pattern: word('waffles?'), icon: 'waffle' },
  { pattern: word('preserves', 'jelly', 'jam'), icon: 'jar' },
  { pattern: word('honey'), icon: 'honey-pot', in: ['breakfast-cereal'] },

  { pattern: word('croissants?'), icon: 'croissant' },
  { pattern: word('baguette'), icon: 'baguette-bread' },
  { pattern: word('bagels?'), icon: 'bagel' },
  { pattern: word('doughnuts?', 'donuts?'), icon: 'doughnut', in: ['bakery'] },
  { pattern: word('english muffins'), icon: 'bread' },
  { pattern: word('muffins'), icon: 'cupcake', in: ['bakery'] },
  { pattern: word('tortillas', 'naan', 'pita', 'flatbreads?'), icon: 'flatbread' },
  { pattern: word('bread', 'boule', 'rolls', 'buns', 'english muffins'), icon: 'bread' },
  { pattern: word('cake', 'cheesecake'), icon: 'shortcake' },

  { pattern: word('coffee', 'roast', 'k-cup'), icon: 'hot-beverage', in: ['beverages'] },
  { pattern: word('tea', 'chai'), icon: 'teacup-without-handle', in: ['beverages'] },
  { pattern: word('energy'), icon: 'high-voltage', in: ['beverages'] },
  { pattern: word('juice', 'lemonade'), icon: 'beverage-box' },
  { pattern: word('coca-cola', 'coke', 'dr pepper', 'ginger ale', 'soda', 'cola'), icon: 'cup-with-straw' },
  { pattern: word('water'), icon: 'droplet', in: ['beverages'] },

  { pattern: word('wings', 'drumsticks', 'thighs', 'rotisserie chicken', 'whole chicken', 'tenders'), icon: 'poultry-leg' },
  { pattern: word('bacon'), icon: 'bacon' },
  { pattern: word('sausage', 'franks', 'hot dogs?'), icon: 'hot-dog' },
  { pattern: word('ribs', 'pork chops'), icon: 'meat-on-bone' },
  { pattern: word('chicken', 'turkey'), icon: 'poultry-leg', in: ['meat-seafood'] },
  { pattern: word('steak', 'beef', 'pork', 'brisket', 'roast', 'tenderloin', 'ham', 'salami', 'pepperoni', 'turkey breast'), icon: 'cut-of-meat' },
  { pattern: word('shrimp'), icon: 'shrimp' },
  { pattern: word('scallops', 'oysters?', 'clams'), icon: 'oyster' },
  { pattern: word('salmon', 'cod', 'tilapia', 'fish', 'tuna', 'fillets?'), icon: 'fish' },
  { pattern: word('chicken'), icon: 'poultry-leg' },

  { pattern: word('yogurt', 'skyr'), icon: 'custard', in: ['dairy-eggs'] },
  { pattern: word('cheese', 'cheddar', 'mozzarella', 'parmesan', 'provolone', 'feta', 'swiss'), icon: 'cheese-wedge' },
  { pattern: word('eggs?'), icon: 'egg' },
  { pattern: word('butter'), icon: 'butter' },
  { pattern: word('milk', 'cream'), icon: 'glass-of-milk' },

  { pattern: word('spaghetti', 'penne', 'rigatoni', 'noodles', 'pasta', 'macaroni', 'lasagna'), icon: 'spaghetti' },
  { pattern: word('rice', 'quinoa'), icon: 'cooked-rice' },
  { pattern: word('marinara', 'ketchup'), icon: 'tomato' },
  { pattern: word('sriracha', 'hot sauce', 'chili'), icon: 'hot-pepper' },
  { pattern: word('olive oil'), icon: 'olive' },
  { pattern: word('vegetable oil', 'oil'), icon: 'sunflower' },
  { pattern: word('mayonnaise', 'mustard', 'soy sauce', 'sauce'), icon: 'jar' },
  { pattern: word('salt', 'black pepper', 'seasoning'), icon: 'salt' },
  { pattern: word('flour'), icon: 'sheaf-of-rice' },

  { pattern: word('sweet potato(es)?'), icon: 'roasted-sweet-potato' },
  { pattern: word('bananas?'), icon: 'banana' },
  { pattern: word('apples?'), icon: 'red-apple' },
  { pattern: word('strawberr(y|ies)'), icon: 'strawberry' },
  { pattern: word('blueberr(y|ies)'), icon: 'blueberries' },
  { pattern: word('grapes?'), icon: 'grapes' },
  { pattern: word('avocados?'), icon: 'avocado' },
  { pattern: word('oranges?', 'tangerines?', 'clementines?'), icon: 'tangerine' },
  { pattern: word('lemons?'), icon: 'lemon' },
  { pattern: word('limes?'), icon: 'lime' },
  { pattern: word('pineapples?'), icon: 'pineapple' },
  { pattern: word('mangoe?s?', 'mango chunks'), icon: 'mango' },
  { pattern: word('peach(es)?'), icon: 'peach' },
  { pattern: word('pears?'), icon: 'pear' },
  { pattern: word('cherr(y|ies)'), icon: 'cherries' },
  { pattern: word('watermelons?', 'melons?'), icon: 'watermelon' },
  { pattern: word('kiwis?'), icon: 'kiwi-fruit' },
  { pattern: word('coconuts?'), icon: 'coconut' },
  { pattern: word('onions?'), icon: 'onion' },
  { pattern: word('potato(es)?'), icon: 'potato' },
  { pattern: word('tomato(es)?'), icon: 'tomato' },
  { pattern: word('carrots?'), icon: 'carrot' },
  { pattern: word('broccoli', 'cauliflower'), icon: 'broccoli' },
  { pattern: word('jalapeno', 'chili peppers?', 'hot peppers?'), icon: 'hot-pepper' },
  { pattern: word('bell peppers?', 'peppers?'), icon: 'bell-pepper' },
  { pattern: word('garlic'), icon: 'garlic' },
  { pattern: word('cucumbers?'), icon: 'cucumber' },
  { pattern: word('corn'), icon: 'ear-of-corn' },
  { pattern: word('peas', 'green beans'), icon: 'pea-pod' },
  { pattern: word('mushrooms?'), icon: 'mushroom' },
  { pattern: word('eggplants?'), icon: 'eggplant' },
  { pattern: word('spinach', 'romaine', 'lettuce', 'spring mix', 'kale', 'greens'), icon: 'leafy-green' },
  { pattern: word('cilantro', 'basil', 'parsley', 'herbs?', 'mint'), icon: 'herb' },
  { pattern: word('vegetables'), icon: 'carrot' },
];

/** An aisle's picture when nothing in the name is recognised. */
const subcategoryPictures: Record<string, string> = {
  'fresh-fruit': 'red-apple',
  'fresh-vegetables': 'carrot',
  'salads-herbs': 'leafy-green',
  'milk-cream': 'glass-of-milk',
  cheese: 'cheese-wedge',
  yogurt: 'custard',
  'eggs-butter': 'egg',
  'bread-rolls': 'bread',
  'tortillas-flatbreads': 'flatbread',
  'pastries-desserts': 'croissant',
  poultry: 'poultry-leg',
  'beef-pork': 'cut-of-meat',
  'fish-seafood': 'fish',
  'pasta-rice-grains': 'spaghetti',
  'canned-jarred': 'canned-food',
  'oils-sauces-spices': 'jar',
  'baking-essentials': 'sheaf-of-rice',
  'chips-crackers': 'rice-cracker',
  'cookies-candy': 'candy',
  'nuts-bars-popcorn': 'peanuts',
  'water-sparkling': 'droplet',
  'soda-juice': 'cup-with-straw',
  'coffee-tea': 'hot-beverage',
  'sports-energy': 'cup-with-straw',
  'frozen-meals-pizza': 'pizza',
  'frozen-produce': 'ice',
  'ice-cream-desserts': 'ice-cream',
  'cold-cereal': 'bowl-with-spoon',
  'oatmeal-hot-cereal': 'bowl-with-spoon',
  'pancakes-waffles-syrup': 'pancakes',
  'spreads-nut-butters': 'jar',
  'paper-plastic': 'roll-of-paper',
  'cleaning-supplies': 'sponge',
  laundry: 'bubbles',
  'home-essentials': 'house',
  'hair-body': 'lotion-bottle',
  'oral-care': 'toothbrush',
  'health-wellness': 'pill',
  'diapers-wipes': 'baby',
  'formula-baby-food': 'baby-bottle',
  'baby-care': 'baby',
  'dog-food-treats': 'dog-face',
  'cat-food-litter': 'cat-face',
  'pet-supplies': 'paw-prints',
  'deli-meats-cheeses': 'cut-of-meat',
  'prepared-meals': 'takeout-box',
  'deli-salads-dips': 'green-salad',
};

/** A category's picture, also the last resort for its products. */
export const categoryPictures: Record<string, string> = {
  'fruits-vegetables': 'red-apple',
  'dairy-eggs': 'glass-of-milk',
  bakery: 'bread',
  'meat-seafood': 'cut-of-meat',
  pantry: 'canned-food',
  snacks: 'popcorn',
  beverages: 'cup-with-straw',
  frozen: 'ice',
  'breakfast-cereal': 'bowl-with-spoon',
  household: 'sponge',
  'personal-care': 'lotion-bottle',
  baby: 'baby-bottle',
  pet: 'paw-prints',
  'deli-prepared': 'sandwich',
};

/** For a category the catalog does not know yet (an admin added it). */
export const genericPicture = 'shopping-cart';

export function pictureForCategory(slug: string): string {
  return categoryPictures[slug] ?? genericPicture;
}

export function pictureForProduct(subject: PictureSubject): PicturePick {
  const name = subject.name.toLowerCase().replace(/\s+/g, ' ').trim();
  const chosen = curated[name] ?? rules.find((rule) => (!rule.in || rule.in.includes(subject.categorySlug)) && rule.pattern.test(name))?.icon;
  if (chosen) return { icon: chosen, specific: true };
  const aisle = subject.subcategorySlug ? subcategoryPictures[subject.subcategorySlug] : undefined;
  return { icon: aisle ?? pictureForCategory(subject.categorySlug), specific: false };
}
