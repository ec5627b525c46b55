// Demo cloud kitchens for FreshCart: three around Georgetown/Austin, TX and three
// around Jersey City/Hoboken/Newark, NJ. Pure data; prices are integer cents.

export interface SeedDish {
  name: string;
  description: string;
  priceCents: number;
  category: string;
}

export interface SeedMealPlan {
  name: string;
  description: string;
  mealsPerWeek: number;
  weeklyPriceCents: number;
  /** 0 (Sunday) to 6; Monday when left out. */
  deliveryDay?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** This week's menu: names of the kitchen's dishes that fit the plan (a vegetarian plan's are vegetarian). */
  dishes: string[];
}

export interface SeedKitchen {
  businessName: string;
  kitchenType: 'home' | 'commercial';
  cuisine: string;
  description: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  contactPhone: string;
  foodSafetyCertificate: string;
  prepTimeMinutes: number;
  openingHours: { day: 0 | 1 | 2 | 3 | 4 | 5 | 6; opens: string; closes: string }[];
  owner: { email: string; firstName: string; lastName: string };
  dishes: SeedDish[];
  mealPlans: SeedMealPlan[];
}

export const seedKitchens: SeedKitchen[] = [
  {
    businessName: 'San Gabriel Tex-Mex Kitchen',
    kitchenType: 'home',
    cuisine: 'Tex-Mex',
    description:
      'Family Tex-Mex cooked in a licensed home kitchen a few blocks from the Georgetown square. Handmade tamales, slow-simmered chili gravy and tortillas warmed on a cast-iron comal, just like our grandmother made in San Antonio.',
    streetAddress: '1207 Ash St',
    city: 'Georgetown',
    state: 'TX',
    zipCode: '78626',
    latitude: 30.6301,
    longitude: -97.6803,
    contactPhone: '(512) 555-0142',
    foodSafetyCertificate: 'TX-FH-2026-04817',
    prepTimeMinutes: 35,
    openingHours: [
      { day: 0, opens: '10:00', closes: '15:00' },
      { day: 1, opens: '16:00', closes: '20:00' },
      { day: 2, opens: '11:00', closes: '20:00' },
      { day: 3, opens: '11:00', closes: '20:00' },
      { day: 4, opens: '11:00', closes: '20:00' },
      { day: 5, opens: '11:00', closes: '21:00' },
      { day: 6, opens: '10:00', closes: '21:00' },
    ],
    owner: { email: 'kitchen@demo.test', firstName: 'Kai', lastName: 'Kitchen' },
    dishes: [
      {
        name: 'Cheese Enchiladas with Chili Gravy',
        description: 'Three corn tortillas rolled around cheddar and onion, smothered in old-school Texas chili gravy and more melted cheese. Served with Mexican rice and refried beans.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: 'Beef Fajita Plate',
        description: 'Lime-and-garlic marinated skirt steak seared with peppers and onions, served sizzling with four flour tortillas, pico de gallo, guacamole and sour cream.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Chicken Fajita Plate',
        description: 'Charred, citrus-marinated chicken thighs with grilled peppers and onions, four warm flour tortillas, pico de gallo, guacamole and sour cream.',
        priceCents: 1699,
        category: 'Mains',
      },
      {
        name: 'Carnitas Street Tacos',
        description: 'Three corn tortillas piled with slow-braised, crispy-edged pork carnitas, diced onion, cilantro and salsa verde, with lime wedges on the side.',
        priceCents: 1299,
        category: 'Tacos',
      },
      {
        name: 'Brisket Breakfast Tacos',
        description: 'Two flour tortillas with smoked brisket, scrambled eggs, potatoes and cheddar, plus a side of roasted tomato salsa. Served all day.',
        priceCents: 1099,
        category: 'Tacos',
      },
      {
        name: 'Pork Tamales (Half Dozen)',
        description: 'Six hand-spread masa tamales filled with red chile pork, steamed in corn husks. A Christmas tradition we make year-round.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Chile Relleno Plate',
        description: 'A roasted poblano stuffed with Monterey Jack, dipped in egg batter and fried golden, topped with ranchero sauce. Served with rice and beans.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'King Ranch Chicken Casserole',
        description: 'The Texas potluck classic: layers of corn tortillas, shredded chicken, Rotel tomatoes, green chiles and a creamy cheese sauce, baked until bubbly.',
        priceCents: 1599,
        category: 'Mains',
      },
      {
        name: 'Queso Blanco & Chips',
        description: 'Creamy white queso with roasted green chiles and a scoop of pico, served with a big bag of house-fried tortilla chips.',
        priceCents: 899,
        category: 'Sides',
      },
      {
        name: 'Charro Beans',
        description: 'Pinto beans simmered with bacon, jalapeno, tomato and cilantro in a smoky broth. A pint, enough for two to three.',
        priceCents: 599,
        category: 'Sides',
      },
      {
        name: 'Tres Leches Cake',
        description: 'Light vanilla sponge soaked in three milks and topped with whipped cream and cinnamon. Cool, sweet and impossible to share.',
        priceCents: 699,
        category: 'Desserts',
      },
      {
        name: 'Agua Fresca de Jamaica',
        description: 'Tart, ruby-red hibiscus iced tea lightly sweetened with cane sugar. A 24 oz bottle.',
        priceCents: 399,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: 'Weeknight Tex-Mex',
        description: 'Five rotating dinners a week, Monday to Friday: enchiladas, fajitas, tamales and more, each with rice and beans.',
        mealsPerWeek: 5,
        weeklyPriceCents: 6499,
        dishes: ['Cheese Enchiladas with Chili Gravy', 'Beef Fajita Plate', 'Chicken Fajita Plate', 'Pork Tamales (Half Dozen)', 'King Ranch Chicken Casserole'],
      },
      {
        name: 'Family Taco Night',
        description: 'Two family-size taco nights a week for four people, with meats, tortillas, toppings, salsas and chips.',
        mealsPerWeek: 2,
        weeklyPriceCents: 7999,
        dishes: ['Carnitas Street Tacos', 'Brisket Breakfast Tacos'],
      },
    ],
  },
  {
    businessName: 'Brushy Creek Comfort Co.',
    kitchenType: 'commercial',
    cuisine: 'Southern Comfort',
    description:
      'A commercial kitchen in Round Rock turning out scratch-made Southern comfort food: buttermilk fried chicken, post-oak smoked brisket and sides our regulars drive across town for.',
    streetAddress: '1510 N Mays St',
    city: 'Round Rock',
    state: 'TX',
    zipCode: '78664',
    latitude: 30.5268,
    longitude: -97.6861,
    contactPhone: '(512) 555-0163',
    foodSafetyCertificate: 'TX-FH-2026-05232',
    prepTimeMinutes: 25,
    openingHours: [
      { day: 0, opens: '10:00', closes: '20:00' },
      { day: 1, opens: '10:30', closes: '21:00' },
      { day: 2, opens: '10:30', closes: '21:00' },
      { day: 3, opens: '10:30', closes: '21:00' },
      { day: 4, opens: '10:30', closes: '21:00' },
      { day: 5, opens: '10:30', closes: '22:00' },
      { day: 6, opens: '10:00', closes: '22:00' },
    ],
    owner: { email: 'owner.brushycreek@demo.test', firstName: 'Marcus', lastName: 'Whitfield' },
    dishes: [
      {
        name: 'Buttermilk Fried Chicken',
        description: 'Three pieces of bone-in chicken brined overnight in buttermilk and hot sauce, dredged in seasoned flour and fried crackling crisp. Served with a biscuit and honey butter.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Chicken-Fried Steak',
        description: 'Tenderized beef cutlet in a crunchy, peppery crust, smothered in black-pepper cream gravy. Comes with mashed potatoes and green beans.',
        priceCents: 1699,
        category: 'Mains',
      },
      {
        name: 'Smoked Brisket Plate',
        description: 'Half a pound of sliced brisket smoked fourteen hours over post oak, with pickles, onions, white bread and two sides of your choice.',
        priceCents: 2199,
        category: 'Mains',
      },
      {
        name: 'Shrimp & Grits',
        description: 'Gulf shrimp sauteed with andouille, peppers and scallions in a Cajun butter sauce over creamy stone-ground cheddar grits.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Meatloaf with Tomato Glaze',
        description: 'Thick-cut beef and pork meatloaf with a tangy brown-sugar tomato glaze, served with mashed potatoes and gravy.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Pulled Pork Sandwich',
        description: 'Hickory-smoked pork shoulder piled on a toasted brioche bun with vinegar slaw and our house Carolina-style barbecue sauce.',
        priceCents: 1199,
        category: 'Mains',
      },
      {
        name: 'Baked Mac & Cheese',
        description: 'Elbow macaroni baked in a sharp cheddar and smoked gouda sauce with a golden, buttery cracker crust.',
        priceCents: 599,
        category: 'Sides',
      },
      {
        name: 'Braised Collard Greens',
        description: 'Tender collards slow-braised with smoked turkey, onion and a splash of cider vinegar.',
        priceCents: 499,
        category: 'Sides',
      },
      {
        name: 'Jalapeno Cheddar Cornbread',
        description: 'A thick square of skillet cornbread studded with cheddar and fresh jalapeno, served warm with honey butter.',
        priceCents: 399,
        category: 'Sides',
      },
      {
        name: 'Peach Cobbler',
        description: 'Warm spiced Georgia peaches under a buttery, sugar-crusted biscuit topping. Ask us to add a scoop of vanilla Blue Bell.',
        priceCents: 699,
        category: 'Desserts',
      },
      {
        name: 'Texas Pecan Pie Slice',
        description: 'A generous wedge of brown-butter pecan pie made with Texas pecans in an all-butter crust.',
        priceCents: 599,
        category: 'Desserts',
      },
      {
        name: 'Southern Sweet Tea',
        description: 'Fresh-brewed black tea, sweetened while hot the proper way. A 32 oz jug.',
        priceCents: 299,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: 'Comfort Classics Lunch Plan',
        description: 'Five hearty lunches a week from our rotating menu of fried chicken, brisket, meatloaf and more, each with two sides.',
        mealsPerWeek: 5,
        weeklyPriceCents: 6999,
        dishes: ['Buttermilk Fried Chicken', 'Smoked Brisket Plate', 'Meatloaf with Tomato Glaze', 'Chicken-Fried Steak', 'Pulled Pork Sandwich'],
      },
      {
        name: 'Sunday Supper for Four',
        description: 'One family-size Sunday supper a week: a main, three sides, cornbread and a whole cobbler, delivered hot.',
        mealsPerWeek: 1,
        weeklyPriceCents: 5999,
        deliveryDay: 0,
        dishes: ['Buttermilk Fried Chicken'],
      },
    ],
  },
  {
    businessName: 'Saffron Table',
    kitchenType: 'home',
    cuisine: 'Indian',
    description:
      'North and South Indian home cooking from a licensed Cedar Park home kitchen. Spices are toasted and ground in small batches each week, and every curry is simmered low and slow the way it is at home in Hyderabad.',
    streetAddress: '1402 Buttercup Creek Blvd',
    city: 'Cedar Park',
    state: 'TX',
    zipCode: '78613',
    latitude: 30.4958,
    longitude: -97.8147,
    contactPhone: '(512) 555-0187',
    foodSafetyCertificate: 'TX-FH-2026-06154',
    prepTimeMinutes: 40,
    openingHours: [
      { day: 0, opens: '11:30', closes: '20:00' },
      { day: 1, opens: '16:30', closes: '21:00' },
      { day: 2, opens: '16:30', closes: '21:00' },
      { day: 3, opens: '16:30', closes: '21:00' },
      { day: 4, opens: '16:30', closes: '21:00' },
      { day: 5, opens: '11:30', closes: '21:30' },
      { day: 6, opens: '11:30', closes: '21:30' },
    ],
    owner: { email: 'owner.saffron@demo.test', firstName: 'Priya', lastName: 'Raman' },
    dishes: [
      {
        name: 'Butter Chicken',
        description: 'Tandoori-spiced chicken thighs simmered in a silky tomato, butter and cream sauce with fenugreek. Served with basmati rice.',
        priceCents: 1599,
        category: 'Mains',
      },
      {
        name: 'Chicken Tikka Masala',
        description: 'Yogurt-marinated chicken tikka charred under the broiler and finished in a smoky, gently spiced masala gravy. Served with basmati rice.',
        priceCents: 1599,
        category: 'Mains',
      },
      {
        name: 'Hyderabadi Chicken Dum Biryani',
        description: 'Layers of saffron basmati rice and bone-in chicken marinated with mint, fried onions and whole spices, sealed and slow-cooked. Served with raita.',
        priceCents: 1799,
        category: 'Mains',
      },
      {
        name: 'Lamb Rogan Josh',
        description: 'Tender lamb shoulder braised in a Kashmiri chili and yogurt gravy with cardamom and fennel. Deep red, aromatic and mildly hot.',
        priceCents: 1999,
        category: 'Mains',
      },
      {
        name: 'Palak Paneer',
        description: 'Cubes of fresh house-made paneer in a vibrant spinach gravy with garlic, ginger and a touch of cream. Vegetarian.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: 'Paneer Butter Masala',
        description: 'House-made paneer in a rich tomato, butter and cashew gravy with fenugreek and a touch of cream. Vegetarian.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Vegetable Korma',
        description: 'Cauliflower, carrots, green beans and peas in a mild, creamy cashew and coconut korma with cardamom. Vegetarian.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: 'Chana Masala',
        description: 'Chickpeas simmered with onions, tomatoes and a tangy amchur spice blend, finished with fresh cilantro. Vegan.',
        priceCents: 1199,
        category: 'Mains',
      },
      {
        name: 'Dal Tadka',
        description: 'Yellow lentils cooked until creamy and tempered with ghee, cumin, garlic and dried red chilies.',
        priceCents: 1099,
        category: 'Mains',
      },
      {
        name: 'Vegetable Samosas',
        description: 'Two flaky pastries filled with spiced potatoes and peas, served with tamarind and mint chutneys.',
        priceCents: 699,
        category: 'Starters',
      },
      {
        name: 'Garlic Naan',
        description: 'Two pieces of soft, blistered naan brushed with garlic butter and cilantro.',
        priceCents: 449,
        category: 'Sides',
      },
      {
        name: 'Gulab Jamun',
        description: 'Four warm milk dumplings soaked in cardamom and rose syrup.',
        priceCents: 599,
        category: 'Desserts',
      },
      {
        name: 'Mango Lassi',
        description: 'Thick, chilled yogurt smoothie blended with Alphonso mango pulp and a pinch of cardamom. 16 oz.',
        priceCents: 499,
        category: 'Drinks',
      },
      {
        name: 'Masala Chai',
        description: 'Black tea brewed with milk, fresh ginger, cardamom and cinnamon. 16 oz, served hot.',
        priceCents: 349,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: 'Vegetarian Thali Week',
        description: 'Five vegetarian thalis a week, each with two curries, dal, rice, naan and a small dessert. The menu changes daily.',
        mealsPerWeek: 5,
        weeklyPriceCents: 7499,
        dishes: ['Palak Paneer', 'Chana Masala', 'Dal Tadka', 'Paneer Butter Masala', 'Vegetable Korma'],
      },
      {
        name: 'Curry Lovers Plan',
        description: 'Three dinners a week from our full curry menu, with rice, naan and a rotating chutney.',
        mealsPerWeek: 3,
        weeklyPriceCents: 4799,
        dishes: ['Butter Chicken', 'Chicken Tikka Masala', 'Lamb Rogan Josh'],
      },
    ],
  },
  {
    businessName: 'Seoul Bowl Kitchen',
    kitchenType: 'commercial',
    cuisine: 'Korean',
    description:
      'A Jersey City commercial kitchen serving Korean home-style cooking and double-fried chicken. Our kimchi is fermented in-house every week and our gochujang sauces are made from scratch.',
    streetAddress: '355 Newark Ave',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07302',
    latitude: 40.7222,
    longitude: -74.0496,
    contactPhone: '(201) 555-0118',
    foodSafetyCertificate: 'NJ-FH-2026-02391',
    prepTimeMinutes: 20,
    openingHours: [
      { day: 0, opens: '11:00', closes: '21:30' },
      { day: 1, opens: '11:00', closes: '22:00' },
      { day: 2, opens: '11:00', closes: '22:00' },
      { day: 3, opens: '11:00', closes: '22:00' },
      { day: 4, opens: '11:00', closes: '22:00' },
      { day: 5, opens: '11:00', closes: '23:00' },
      { day: 6, opens: '11:00', closes: '23:00' },
    ],
    owner: { email: 'owner.seoulbowl@demo.test', firstName: 'Jinwoo', lastName: 'Park' },
    dishes: [
      {
        name: 'Beef Bulgogi Rice Bowl',
        description: 'Thin-sliced ribeye marinated in Asian pear, soy and sesame, seared on a flat-top and served over rice with kimchi, pickled radish and a soft egg.',
        priceCents: 1699,
        category: 'Mains',
      },
      {
        name: 'Dolsot Bibimbap',
        description: 'Rice in a sizzling stone bowl topped with seasoned spinach, bean sprouts, carrots, mushrooms, bulgogi and a fried egg, with gochujang on the side.',
        priceCents: 1799,
        category: 'Mains',
      },
      {
        name: 'Spicy Pork Jeyuk Bokkeum',
        description: 'Pork shoulder stir-fried with onions and scallions in a fiery, slightly sweet gochujang sauce. Served with rice and lettuce for wrapping.',
        priceCents: 1599,
        category: 'Mains',
      },
      {
        name: 'Soy Garlic Korean Fried Chicken',
        description: 'Ten pieces of double-fried wings and drumettes, shatteringly crisp and glazed in soy, garlic and honey. Served with pickled radish.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Kimchi Jjigae',
        description: 'A bubbling stew of well-aged kimchi, pork belly and soft tofu in a spicy, savory broth. Served with a bowl of rice.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Japchae',
        description: 'Sweet potato glass noodles stir-fried with beef, spinach, carrots, onions and shiitake in a sesame-soy glaze.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: 'Cheesy Tteokbokki',
        description: 'Chewy rice cakes and fish cakes simmered in sweet-spicy gochujang sauce and blanketed with melted mozzarella.',
        priceCents: 1299,
        category: 'Starters',
      },
      {
        name: 'Seafood Pajeon',
        description: 'A crispy, golden scallion pancake loaded with shrimp and squid, cut into wedges and served with soy-vinegar dipping sauce.',
        priceCents: 1399,
        category: 'Starters',
      },
      {
        name: 'Pork & Kimchi Mandu',
        description: 'Six pan-fried dumplings filled with pork, kimchi, tofu and glass noodles, with a chili-soy dip.',
        priceCents: 999,
        category: 'Starters',
      },
      {
        name: 'Hotteok',
        description: 'Two warm, crisp-edged Korean pancakes filled with molten brown sugar, cinnamon and chopped walnuts.',
        priceCents: 699,
        category: 'Desserts',
      },
      {
        name: 'Yuzu Honey Iced Tea',
        description: 'Bright Korean yuzu citron tea shaken with ice and a little wildflower honey. 20 oz.',
        priceCents: 449,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: 'Weekday Bowl Plan',
        description: 'Five lunch bowls a week, Monday to Friday, rotating between bulgogi, spicy pork, bibimbap and tofu, each with house kimchi.',
        mealsPerWeek: 5,
        weeklyPriceCents: 7499,
        dishes: ['Beef Bulgogi Rice Bowl', 'Spicy Pork Jeyuk Bokkeum', 'Dolsot Bibimbap', 'Kimchi Jjigae', 'Japchae'],
      },
    ],
  },
  {
    businessName: "Nonna Lucia's Kitchen",
    kitchenType: 'home',
    cuisine: 'Italian',
    description:
      'Southern Italian Sunday cooking from a licensed home kitchen in uptown Hoboken. Fresh pasta is rolled by hand, the gravy simmers all afternoon, and the cannoli are filled to order.',
    streetAddress: '615 Garden St',
    city: 'Hoboken',
    state: 'NJ',
    zipCode: '07030',
    latitude: 40.7447,
    longitude: -74.0301,
    contactPhone: '(201) 555-0136',
    foodSafetyCertificate: 'NJ-FH-2026-03078',
    prepTimeMinutes: 45,
    openingHours: [
      { day: 0, opens: '12:00', closes: '19:00' },
      { day: 1, opens: '16:00', closes: '20:00' },
      { day: 2, opens: '16:00', closes: '21:00' },
      { day: 3, opens: '16:00', closes: '21:00' },
      { day: 4, opens: '16:00', closes: '21:00' },
      { day: 5, opens: '12:00', closes: '21:30' },
      { day: 6, opens: '12:00', closes: '21:30' },
    ],
    owner: { email: 'owner.nonnalucia@demo.test', firstName: 'Lucia', lastName: 'Esposito' },
    dishes: [
      {
        name: 'Sunday Gravy Rigatoni',
        description: 'Rigatoni tossed in a tomato gravy slow-simmered for six hours with pork ribs, served with two meatballs and a link of sweet Italian sausage.',
        priceCents: 1999,
        category: 'Mains',
      },
      {
        name: 'Chicken Parmigiana',
        description: 'A thin, crisp breaded chicken cutlet layered with marinara and fresh mozzarella, baked until bubbling. Served with spaghetti.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Eggplant Parmigiana',
        description: 'Layers of fried eggplant, ricotta, basil, marinara and mozzarella, baked like grandma does. Served with a side of garlic bread.',
        priceCents: 1699,
        category: 'Mains',
      },
      {
        name: 'Lasagna Bolognese',
        description: 'Hand-rolled spinach pasta sheets layered with beef and pork ragu, bechamel and Parmigiano-Reggiano. A generous square for one, or two if you share.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Linguine alle Vongole',
        description: 'Fresh littleneck clams steamed with garlic, white wine, chili flakes and parsley, tossed with linguine and good olive oil.',
        priceCents: 2199,
        category: 'Mains',
      },
      {
        name: 'Penne alla Vodka',
        description: 'Penne in a creamy tomato and vodka sauce with pancetta and a shower of Pecorino Romano.',
        priceCents: 1599,
        category: 'Mains',
      },
      {
        name: 'Baked Ziti',
        description: 'Ziti baked with ricotta, marinara and a bubbling blanket of mozzarella. Comfort in a tray.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Sicilian Arancini',
        description: 'Three golden fried risotto balls stuffed with ragu, peas and mozzarella, served with marinara for dipping.',
        priceCents: 999,
        category: 'Starters',
      },
      {
        name: 'Escarole & Beans',
        description: 'Escarole braised with cannellini beans, garlic and chicken broth, finished with Pecorino and crushed red pepper.',
        priceCents: 899,
        category: 'Sides',
      },
      {
        name: 'Tiramisu',
        description: 'Espresso-soaked ladyfingers layered with whipped mascarpone cream and dusted with cocoa.',
        priceCents: 799,
        category: 'Desserts',
      },
      {
        name: 'Cannoli',
        description: 'Two crisp shells filled to order with sweet ricotta, chocolate chips and a hint of orange zest.',
        priceCents: 699,
        category: 'Desserts',
      },
      {
        name: 'Sparkling Limonata',
        description: 'San Pellegrino-style sparkling lemon soda, a little tart and very refreshing. 11 oz glass bottle.',
        priceCents: 349,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: "Nonna's Sunday Dinner",
        description: 'One family-style Sunday dinner a week for four: a tray of pasta, a main, a salad, bread and a dozen mini cannoli.',
        mealsPerWeek: 1,
        weeklyPriceCents: 6999,
        deliveryDay: 0,
        dishes: ['Lasagna Bolognese'],
      },
      {
        name: 'Pasta Night Plan',
        description: 'Four weeknight pasta dinners a week from our rotating menu, each with a side salad and garlic bread.',
        mealsPerWeek: 4,
        weeklyPriceCents: 6499,
        dishes: ['Sunday Gravy Rigatoni', 'Penne alla Vodka', 'Baked Ziti', 'Linguine alle Vongole'],
      },
    ],
  },
  {
    businessName: 'Ironbound Green Table',
    kitchenType: 'commercial',
    cuisine: 'Vegan Mediterranean',
    description:
      'A fully plant-based Mediterranean kitchen in Newark’s Ironbound. We grind our own falafel, roast vegetables over open flame and make every dip, dressing and pita chip in-house.',
    streetAddress: '95 Ferry St',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07105',
    latitude: 40.7317,
    longitude: -74.1582,
    contactPhone: '(973) 555-0172',
    foodSafetyCertificate: 'NJ-FH-2026-01846',
    prepTimeMinutes: 20,
    openingHours: [
      { day: 0, opens: '10:00', closes: '18:00' },
      { day: 1, opens: '10:00', closes: '21:00' },
      { day: 2, opens: '10:00', closes: '21:00' },
      { day: 3, opens: '10:00', closes: '21:00' },
      { day: 4, opens: '10:00', closes: '21:00' },
      { day: 5, opens: '10:00', closes: '22:00' },
      { day: 6, opens: '10:00', closes: '22:00' },
    ],
    owner: { email: 'owner.greentable@demo.test', firstName: 'Nadia', lastName: 'Haddad' },
    dishes: [
      {
        name: 'Falafel Plate',
        description: 'Six herb-packed falafel fried to order, with hummus, tabbouleh, pickled turnips, tahini sauce and warm pita.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: 'Cauliflower Shawarma Bowl',
        description: 'Shawarma-spiced roasted cauliflower over turmeric rice with chickpeas, cucumber-tomato salad, amba and garlic toum.',
        priceCents: 1499,
        category: 'Mains',
      },
      {
        name: 'Mezze Platter',
        description: 'Hummus, baba ganoush, muhammara, stuffed grape leaves, marinated olives and a stack of warm pita. Enough for two.',
        priceCents: 1899,
        category: 'Mains',
      },
      {
        name: 'Lentil Mujadara',
        description: 'Brown lentils and rice cooked with cumin and topped with a tangle of deeply caramelized onions. Served with a cucumber-mint yogurt made from cashews.',
        priceCents: 1199,
        category: 'Mains',
      },
      {
        name: 'Eggplant Moussaka',
        description: 'Layers of roasted eggplant, potato and a cinnamon-spiced lentil ragu under a golden cashew bechamel.',
        priceCents: 1799,
        category: 'Mains',
      },
      {
        name: 'Harissa Vegetable Couscous',
        description: 'Fluffy pearl couscous with harissa-roasted carrots, zucchini, peppers and chickpeas, finished with preserved lemon and mint.',
        priceCents: 1399,
        category: 'Mains',
      },
      {
        name: "Za'atar Flatbread",
        description: 'Hand-stretched flatbread brushed with olive oil and za’atar, topped with tomato, red onion and arugula.',
        priceCents: 999,
        category: 'Starters',
      },
      {
        name: 'Baba Ganoush & Pita',
        description: 'Fire-charred eggplant whipped with tahini, lemon and garlic, topped with pomegranate seeds. Served with house pita chips.',
        priceCents: 899,
        category: 'Starters',
      },
      {
        name: 'Stuffed Grape Leaves',
        description: 'Eight grape leaves rolled around lemony rice, herbs and pine nuts, served with a wedge of lemon.',
        priceCents: 899,
        category: 'Starters',
      },
      {
        name: 'Red Lentil Soup',
        description: 'A velvety Lebanese-style red lentil soup with cumin, lemon and crispy pita croutons. 16 oz.',
        priceCents: 799,
        category: 'Sides',
      },
      {
        name: 'Pistachio Baklava',
        description: 'Three pieces of flaky phyllo layered with pistachios and walnuts, made with olive oil and soaked in orange-blossom syrup.',
        priceCents: 699,
        category: 'Desserts',
      },
      {
        name: 'Fresh Mint Lemonade',
        description: 'Blended lemonade with fresh mint leaves and a touch of agave, served icy. 20 oz.',
        priceCents: 449,
        category: 'Drinks',
      },
    ],
    mealPlans: [
      {
        name: 'Plant-Powered Lunch Plan',
        description: 'Five plant-based lunch bowls a week, each with a grain, a protein, roasted vegetables and a house dip.',
        mealsPerWeek: 5,
        weeklyPriceCents: 6499,
        dishes: ['Falafel Plate', 'Cauliflower Shawarma Bowl', 'Lentil Mujadara', 'Harissa Vegetable Couscous', 'Eggplant Moussaka'],
      },
      {
        name: 'Weekend Mezze for Two',
        description: 'A mezze spread for two delivered every Friday, for the weekend: dips, falafel, salads, pita and baklava.',
        mealsPerWeek: 2,
        weeklyPriceCents: 5499,
        deliveryDay: 5,
        dishes: ['Mezze Platter', 'Falafel Plate'],
      },
    ],
  },
];
