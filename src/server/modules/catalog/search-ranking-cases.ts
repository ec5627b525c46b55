/**
 * What a shopper searching the demo catalog must see in the first results, and what must not crowd
 * them: correct spellings, misspellings, plurals and words that also flavour other aisles' products.
 */
export interface SearchCase {
  q: string;
  /** How many of the first results are judged; five unless said. */
  top?: number;
  /** The first result, when one product is plainly what the shopper means. */
  first?: string;
  must: string[];
  mustNot?: string[];
}

export const searchCases: SearchCase[] = [
  // A near-spelling means the catalog's closest words only: no bandages anywhere on the page.
  { q: 'banan', top: 12, first: 'Bananas', must: ['Organic Bananas'], mustNot: ['Flexible Fabric Adhesive Bandages'] },
  { q: 'bananas', top: 2, must: ['Bananas', 'Organic Bananas'] },
  {
    q: 'chiken',
    top: 6,
    must: ['Whole Chicken', 'Chicken Thighs', 'Boneless Skinless Chicken Breast'],
    mustNot: ['Bits Chicken Training Treats', 'Tasty Chicken Cat Treats', 'Pro Plan Adult Chicken & Rice Dry Dog Food'],
  },
  {
    q: 'chicken',
    top: 6,
    first: 'Whole Chicken',
    must: ['Boneless Skinless Chicken Breast', 'Chicken Drumsticks'],
    mustNot: ['Bits Chicken Training Treats', 'Tasty Chicken Cat Treats', 'Feline Dental Cat Treats Oven Roasted Chicken'],
  },
  { q: 'apple', top: 2, must: ['Gala Apples', 'Honeycrisp Apples'], mustNot: ['Strawberry Apple Puffs'] },
  { q: 'apples', top: 2, must: ['Gala Apples', 'Honeycrisp Apples'] },
  { q: 'milk', top: 4, first: 'Whole Milk', must: ['Organic Whole Milk'], mustNot: ['Milk Chocolate Bar', 'Complete Buttermilk Pancake Mix'] },
  { q: 'brocoli', top: 2, first: 'Broccoli Crowns', must: ['Steamfresh Broccoli Florets'] },
  { q: 'yogurt', top: 4, must: ['Plain Nonfat Greek Yogurt', 'Vanilla Greek Yogurt Cup'], mustNot: ['Organic Strawberry Yogis'] },
  { q: 'chese', must: ['Sharp Cheddar Cheese Block', 'Grated Parmesan Cheese'], mustNot: ['Nacho Cheese Tortilla Chips', 'Crunchy Cheese Flavored Snacks'] },
  { q: 'cheese', must: ['Crumbled Feta Cheese', 'Original Cream Cheese'], mustNot: ['Cheese Enchilada Whole Meal'] },
  { q: 'choclate', top: 3, must: ['Milk Chocolate Bar'], mustNot: ['Semi-Sweet Chocolate Morsels'] },
  { q: 'tomatos', must: ['Roma Tomatoes', 'Petite Diced Tomatoes'], mustNot: ['Turkey & Swiss Sub'] },
  { q: 'peanut butter', top: 1, first: 'Creamy Peanut Butter', must: [] },
  { q: 'coffe', top: 3, must: ['Pike Place Roast Ground Coffee', 'Classic Roast Ground Coffee'] },
  { q: 'water', must: ['Mineral Water', 'Purified Drinking Water'], mustNot: ['Chunk Light Tuna in Water', 'Magic Eraser Original'] },
  { q: 'dog food', top: 3, must: ['Pro Plan Adult Chicken & Rice Dry Dog Food'] },
  { q: 'cat', must: ['Original Choice Dry Cat Food'] },
  { q: 'diapers', top: 4, must: ['Swaddlers Diapers Size 1', 'Snug & Dry Diapers Size 3'], mustNot: ['Baby Healing Ointment'] },
  { q: 'shampoo', top: 2, must: ['Daily Moisture Renewal Shampoo'], mustNot: ['Oatmeal Dog Shampoo'] },
  { q: 'toothpaste', top: 2, must: ['Total Whitening Toothpaste', 'Cavity Protection Toothpaste'] },
  { q: 'pasta', top: 4, must: ['Spaghetti', 'Penne Rigate', 'Rigatoni', 'Lasagna Noodles'], mustNot: ['Grated Parmesan Cheese'] },
  { q: 'pizza', top: 3, must: ['Rising Crust Pepperoni Pizza', 'Thin & Crispy Margherita Pizza'], mustNot: ['Grated Parmesan Cheese'] },
  { q: 'ice cream', must: ['Vanilla Bean Ice Cream', 'Natural Vanilla Ice Cream'], mustNot: ['Cinnamon Rolls'] },
  { q: 'icecream', must: ['Cookies & Cream Ice Cream'] },
  { q: 'salmon', top: 2, must: ['Atlantic Salmon Fillet', 'Wild Alaskan Sockeye Salmon'], mustNot: ['Tender Selects Blend with Real Salmon'] },
  { q: 'eggs', top: 3, must: ['Large Grade A Eggs', 'Organic Brown Eggs', 'Pasture-Raised Large Eggs'], mustNot: ['Chicken Noodle Soup'] },
  { q: 'butter', top: 3, must: ['Salted Butter', 'Unsalted Butter', 'Pure Irish Butter'], mustNot: ['Butter Microwave Popcorn'] },
  { q: 'rice', top: 2, must: ['Jasmine Rice', 'Extra Long Grain Basmati Rice'], mustNot: ['Riced Cauliflower', 'Pro Plan Adult Chicken & Rice Dry Dog Food'] },
  { q: 'orange', top: 2, first: 'Navel Oranges', must: ['Pure Premium Orange Juice No Pulp'], mustNot: ['Sweet Potatoes'] },
  { q: 'strawbery', top: 7, must: ['Strawberries'] },
  { q: 'avocado', top: 1, first: 'Hass Avocados', must: [] },
  { q: 'bacon', top: 1, first: 'Hickory Smoked Thick Cut Bacon', must: [], mustNot: ["Beggin' Strips Original Bacon Dog Treats"] },
  { q: 'beef', must: ['Ground Beef 80/20', 'Beef Chuck Roast'], mustNot: ['Italian Meatballs in Marinara'] },
  { q: 'perdue', must: ['Boneless Skinless Chicken Breast'] },
  { q: 'juice', top: 3, must: ['100% Apple Juice', 'Cranberry Juice Cocktail', 'Pure Premium Orange Juice No Pulp'], mustNot: ['Navel Oranges'] },
  { q: 'wipes', top: 3, must: ['Sensitive Baby Wipes', 'Disinfecting Wipes'] },
  { q: 'aple', top: 12, must: ['Gala Apples', 'Honeycrisp Apples'], mustNot: ['Organic Pure Maple Syrup'] },
  { q: 'ceral', top: 4, first: 'Organic Oatmeal Baby Cereal', must: ['Lucky Charms', 'Honey Nut Cheerios'], mustNot: ['Mineral Water'] },
  { q: 'buter', top: 12, must: ['Salted Butter', 'Unsalted Butter'], mustNot: ['Complete Buttermilk Pancake Mix', 'Power Cakes Buttermilk Protein Pancake Mix'] },
  // Tomatoes themselves before the ketchup a tomato only flavours, though the pantry holds more tomato names.
  { q: 'tomatoe', top: 3, must: ['Roma Tomatoes', 'Petite Diced Tomatoes'], mustNot: ['Tomato Ketchup'] },
  { q: 'tomato', top: 3, must: ['Roma Tomatoes', 'Petite Diced Tomatoes'], mustNot: ['Tomato Ketchup'] },
  // A misspelling that drops letters means the word holding its letters in order: chicken, not chips or chili.
  { q: 'chikn', top: 6, first: 'Whole Chicken', must: ['Chicken Thighs', 'Chicken Drumsticks'], mustNot: ['Classic Potato Chips', 'Nacho Cheese Tortilla Chips'] },
  { q: 'bred', top: 8, must: ['Honey Wheat Bread', 'Classic White Bread', '21 Whole Grains and Seeds Bread', 'Pita Bread'], mustNot: ['Unsweetened Black Cold Brew Coffee', 'Oven Roasted Turkey Breast'] },
  { q: 'oats', top: 2, must: ['Steel Cut Oats', 'Old Fashioned Oats'], mustNot: ['Original Oat Milk'] },
  // One wrong, swapped or missing letter in a short word breaks most of its trigrams: still the word of about its length it is nearest to.
  { q: 'avacado', top: 1, first: 'Hass Avocados', must: [] },
  { q: 'samon', top: 2, must: ['Atlantic Salmon Fillet', 'Wild Alaskan Sockeye Salmon'], mustNot: ['Cinnamon Rolls', 'Cinnamon Toast Crunch'] },
  { q: 'cerael', top: 3, first: 'Organic Oatmeal Baby Cereal', must: ['Lucky Charms', 'Honey Nut Cheerios'] },
  // Shorthands read as what they stand for.
  { q: 'oj', top: 1, first: 'Pure Premium Orange Juice No Pulp', must: [] },
  { q: 'pb', top: 2, must: ['Creamy Peanut Butter'] },
  { q: 'evoo', top: 1, first: 'Extra Virgin Olive Oil', must: [] },
];
