import { paymentCopy } from './payments';

/**
 * The words of every shopper's page: the layout, the cart, the catalogue, the warehouse and location
 * dialogs, checkout's steps, and the app shell.
 * Imported through the catalogue (`@/shared/copy`, ./index.ts), like every area.
 */

export const copy = {
  app: {
    name: 'FreshCart',
    loading: 'Loading...',
    defaultWarehouseLabel: 'Georgetown',
    copyrightYear: 2024,
    copyright: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
    offline: 'No internet connection. Please check your network settings.',
    connectionIssue:
      'Connection issue detected. Please check your internet connection and try again.',
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Try again, or go back to the home page.',
    updatedBody: 'FreshCart has just been updated and this page could not load. Try again to get the latest version.',
    offlineBody: 'You are offline, so this page could not load. Try again when you are back online.',
    retry: 'Try again',
    home: 'Back to home',
  },
  header: {
    home: 'Home',
    products: 'Products',
    recent: 'Recent',
    myAccount: 'My Account',
    myOrders: 'My Orders',
    signOut: 'Sign Out',
    signIn: 'Sign In',
    cart: 'Cart',
    toggleTheme: 'Toggle theme',
    openSupportChat: 'Open support chat',
    mainNav: 'Main',
    mobileNav: 'Main mobile',
    accountMenu: 'Account menu',
  },
  footer: {
    quickLinks: 'Quick Links',
    shopGroceries: 'Shop Groceries',
    categories: 'Categories',
    trackOrder: 'Track Order',
    cloudKitchens: 'Cloud Kitchens',
    customerService: 'Customer Service',
    helpCenter: 'Help Center',
    contactUs: 'Contact Us',
    returns: 'Returns',
    support: 'Support',
    promises: ['Free delivery', 'Quality guaranteed', 'Same-day delivery'],
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    tagline: 'Groceries from your nearest warehouse and meals from local cloud kitchens, at your door.',
    social: 'Social media',
    promisesLabel: 'Our promises',
  },
  cart: {
    empty: 'Cart is empty',
    emptyHint: 'Add products to get started',
    checkout: 'Checkout',
    clearCart: 'Clear Cart',
    notInitialized: 'Cart not initialized',
    kitchenItemsBlockGrocery:
      'You have cloud kitchen items in your cart. Please clear your cart to add grocery items.',
    groceryItemsBlockKitchen:
      'You have grocery items in your cart. Please clear your cart to order from cloud kitchen.',
    addFailed: 'Failed to add item to cart',
    addBundleFailed: 'Failed to add bundle to cart',
    addBogoFailed: 'Failed to add BOGO offer to cart',
    updateFailed: 'Failed to update quantity',
    removeFailed: 'Failed to remove item',
    clearFailed: 'Failed to clear cart',
    initError: 'Error initializing cart: ',
    loadError: 'Error loading cart items: ',
    added: 'Item added to cart',
    bundleAdded: 'Bundle added to cart',
    bogoAdded: 'BOGO offer added to cart',
    kitchenItemAdded: 'Cloud kitchen item added to cart',
    removed: 'Item removed from cart',
    cleared: 'Cart cleared',
    migrated: 'Cart items migrated successfully',
    outsideServiceArea: 'Delivery not available to this area.',
    quantityLimit: 'You can have at most 99 of an item in your cart.',
    staffNoCart: 'Orders are placed from a customer account.',
    unknownItem: 'An item',
    notKeptTitle: 'Some items could not stay in your cart',
    undo: 'Undo',
    restored: 'Cart restored',
    restoreFailed: 'Could not restore your cart',
    continueShopping: 'Continue shopping',
    browseKitchens: 'Browse cloud kitchens',
    youSave: 'You save',
    buttonLabel: (count: number) => (count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`),
    inCartQuantity: (name: string) => `Quantity of ${name} in cart`,
    bundleIncludes: 'Includes',
    decrease: (name: string) => `Decrease quantity of ${name}`,
    increase: (name: string) => `Increase quantity of ${name}`,
    remove: (name: string) => `Remove ${name}`,
    quantity: 'Quantity',
    subtotal: 'Subtotal',
    serviceFee: 'Service fee',
    deliveryFee: 'Delivery fee',
    tax: 'Tax',
    free: 'Free',
    total: 'Total',
    sheetDescription: 'Items in your cart and the order total',
    itemsLabel: 'Cart items',
  },
  /** The shared controls' own words (dialogs, pagers, steppers, scrolling rows, lists and errors). */
  ui: {
    close: 'Close',
    pagination: 'Pagination',
    decreaseQuantity: (itemName?: string) => (itemName ? `Decrease quantity of ${itemName}` : 'Decrease quantity'),
    increaseQuantity: (itemName?: string) => (itemName ? `Increase quantity of ${itemName}` : 'Increase quantity'),
    loadingList: (what: string) => `Loading ${what}`,
    scrollBack: (label: string) => `Scroll ${label} back`,
    scrollForward: (label: string) => `Scroll ${label} forward`,
    tryAgain: 'Please try again.',
    loadFailed: 'Something went wrong',
    retry: 'Retry',
    previousPage: 'Previous',
    nextPage: 'Next',
    pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
    viewAll: 'View all',
    quantity: 'Quantity',
    cancel: 'Cancel',
  },
  catalog: {
    outOfStock: 'Out of stock',
    adding: 'Adding…',
    addToCartAction: 'Add to cart',
    unavailable: 'Unavailable',
    add: 'Add',
    addToCart: (name: string) => `Add ${name} to cart`,
    save: (amount: string) => `Save ${amount}`,
    addBundle: 'Add bundle',
    addOffer: 'Add offer',
    /** A deal tapped just as the customer's location moved them to a warehouse that does not offer it. */
    dealNotOffered: (deal: string, warehouse: string) => `${deal} is not offered by ${warehouse}, the warehouse that delivers to you.`,
    /** The same for a product the new warehouse does not sell. */
    productNotOffered: (product: string, warehouse: string) => `${product} is not sold by ${warehouse}, the warehouse that delivers to you.`,
    images: 'Product images',
    showImage: (index: number, count: number) => `Show image ${index} of ${count}`,
  },
  auth: {
    signInFailed: 'Sign in failed',
    signInFailedHint: 'Please check your credentials and try again.',
    signUpFailed: 'Sign up failed',
    signUpFailedHint: 'Please try again.',
    welcomeBack: 'Welcome back!',
    accountCreated: 'Account created!',
    accountCreatedHint: 'Please check your email to verify your account.',
    welcome: 'Welcome!',
    signedOut: 'Signed out',
    fields: {
      email: 'Email',
      password: 'Password',
      passwordHint: 'At least 8 characters.',
      firstName: 'First name',
      lastName: 'Last name',
      referralCode: 'Referral code (optional)',
    },
    creatingAccount: 'Creating account…',
    createAccount: 'Create account',
    signingIn: 'Signing in…',
    signInTitle: 'Welcome back',
    signUpTitle: 'Create your account',
    signInDescription: 'Sign in to order groceries and meals.',
    signUpDescription: 'Groceries and cloud kitchen meals, delivered.',
    tabs: 'Sign in or sign up',
    /** Above the forms when the visitor was on their way to the checkout. */
    forCheckout: 'Sign in or create an account to check out. Your cart comes with you.',
    signInTab: 'Sign In',
    signUpTab: 'Sign Up',
    or: 'or',
    google: 'Continue with Google',
    googleTestUserHint:
      'Google sign-in was refused. If this app is in testing, ask an administrator to add your Google account as a test user.',
  },
  profile: {
    updated: 'Profile updated',
    updateFailed: 'Update failed',
    updateFailedHint: 'Failed to update profile.',
    noUser: 'No user logged in',
  },
  location: {
    chooseTitle: 'Choose Delivery Warehouse',
    chooseDescription: 'Your current location and your saved address are served by different warehouses. Where should we deliver?',
    useCurrentLocation: 'Use Current Location',
    useSavedAddress: 'Use Saved Address',
    withinRange: 'Within 40-mile delivery range',
    notAvailableTitle: 'Service Not Available in Your Area',
    notAvailableDescription:
      'Pick a warehouse to browse its products, see nearby cloud kitchens and order for delivery to addresses in that area.',
    noWarehouses: 'No warehouse is delivering right now. Please check back soon.',
    addAddressTitle: 'Add Your Address',
    addAddressWithLocation: 'We found a warehouse near you. Add your delivery address so we can confirm where to deliver.',
    addAddressWithoutLocation: 'Add your delivery address so we can find the warehouse that delivers to you.',
    nearestWarehouse: 'Nearest warehouse',
    addMyAddress: 'Add My Address',
    notNow: 'Not now',
    accessTitle: 'Location Access Required',
    accessDescription: 'We use your location to find the warehouse and cloud kitchens that deliver to you.',
    accessUnavailableDescription:
      "Your location can't be read on this device (location services may be off), so we'll find the warehouse that delivers to you another way.",
    allowAccess: 'Allow Location Access',
    requesting: 'Requesting...',
    continueWithout: 'Continue Without Location',
    permissionWarningTitle: 'Location Access',
    permissionWarning: 'Location permission is needed for delivery. Please enable in settings.',
    changeWarehouse: 'Change delivery warehouse',
    pickTitle: 'Choose Your Warehouse',
    pickDescription: 'Prices, stock and delivery come from the warehouse you shop. Pick the one that delivers to your area.',
    currentWarehouse: 'Current',
    decideForMe: 'Use My Location and Address',
    warehousesLoading: 'Loading warehouses...',
    warehousesFailed: "Couldn't load the warehouses.",
    tryAgain: 'Try again',
    deliveryWarehouse: 'Delivery warehouse',
    zipLabel: 'Delivery ZIP code',
    zipFind: 'Find',
    zipFinding: 'Finding...',
    zipHint: 'We pick the nearest warehouse that delivers there.',
    zipUnknown: 'We could not find this ZIP code.',
    zipChosen: (name: string) => `Delivering from ${name}`,
  },
  kitchens: {
    rating: 'Rating ',
    loadFailed: 'Failed to load cloud kitchens in your area',
    noData: 'No cloud kitchens data received',
  },
  kitchenBanner: {
    text: 'Complete your cloud kitchen application to start selling on FreshCart.',
    action: 'Complete application',
    label: 'Cloud kitchen application',
    dismiss: 'Dismiss',
  },
  time: { today: 'Today', tomorrow: 'Tomorrow' },
  home: {
    eyebrow: 'Fresh groceries · Local kitchens',
    title: 'Everything for your table, delivered today.',
    intro: 'Shop your nearest warehouse at its own prices, or order a hot meal from a cloud kitchen near you.',
    promisesLabel: 'Our promises',
    categories: 'Shop by category',
    allCategories: 'View all categories',
    categoriesError: 'Categories could not be loaded',
    deals: 'Deals',
    dealsDescription: "Bundles and buy-more-pay-less offers at this warehouse's prices.",
    dealsError: 'Deals could not be loaded',
    bundles: 'Bundles',
    offers: 'Buy more, pay less offers',
    popular: 'Popular products',
    allProducts: 'View all products',
    productsError: 'Products could not be loaded',
    kitchens: 'Cloud kitchens near you',
    kitchensDescription: 'Hot meals from home and commercial kitchens, nearest first.',
    allKitchens: 'View all cloud kitchens',
    kitchensLabel: 'Cloud kitchens',
  },
  products: {
    title: 'Products',
    inSubcategory: (subcategory: string) => `${subcategory} from your warehouse.`,
    everything: 'Everything your warehouse has in stock.',
    clearFilters: 'Clear search and filters',
    loadError: 'Products could not be loaded',
    loading: 'Loading products',
    pastLastPage: 'There is nothing on this page',
    firstPage: 'Go to the first page',
    noMatch: 'No products match your search',
    noMatchHint: 'Check the spelling, try a more general word or browse another category.',
    resetFilters: 'Reset search and filters',
  },
  categories: {
    title: 'Categories',
    description: 'Browse the aisles of your warehouse.',
    loadError: 'Categories could not be loaded',
    loading: 'Loading categories',
    empty: 'No categories yet',
    emptyHint: 'Categories appear here once the catalog is stocked.',
  },
  kitchensPage: {
    title: 'Cloud Kitchens',
    description: (miles: number, place: string) => `Home and commercial kitchens delivering within ${miles} miles of ${place}, nearest first.`,
    loading: 'Loading cloud kitchens',
    loadErrorTitle: 'No cloud kitchens to show',
    loadError: (place: string) => `We could not load the kitchens near ${place}. Check your connection and try again.`,
    tryAgain: 'Try again',
    noneTitle: 'No cloud kitchens in your area yet',
    none: (miles: number, place: string) => `No approved kitchen delivers within ${miles} miles of ${place} yet. Groceries still arrive the same day.`,
    shopGroceries: 'Shop groceries',
    count: (count: number, place: string) => `${count === 1 ? '1 kitchen' : `${count} kitchens`} near ${place}`,
    listLabel: 'Cloud kitchens',
    warehouse: (name: string) => `the ${name} warehouse`,
    you: 'you',
    places: {
      address: 'your default address',
      device: 'your current location',
      'last-saved': 'your last known location',
      warehouse: 'your delivery warehouse',
    },
  },
  productDetail: {
    loadError: 'This product could not be loaded',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    about: 'About this product',
    related: 'You may also like',
    relatedLabel: 'Related products',
    notFound: 'Product not found',
    notFoundBody: 'This product does not exist or is not sold by your warehouse.',
    browse: 'Browse products',
  },
  notFound: {
    title: 'Page not found',
    body: "The page you are looking for doesn't exist or has moved.",
    back: 'Back to home',
  },
} as const;

/** Kitchens' opening hours, on the 12-hour clock US customers read. */
export const openingHoursCopy = {
  closed: 'Closed',
  openNow: 'Open now',
  opensToday: (time: string) => `Opens at ${time}`,
  opensTomorrow: (time: string) => `Opens tomorrow at ${time}`,
  opensOn: (day: string, time: string) => `Opens ${day} at ${time}`,
} as const;

/** The native app's notices (SPEC §8), in the wording `copy` already fixes. */
export const nativeCopy = {
  /** A global error containing authError or 401. */
  paymentUnavailable: paymentCopy.nativeUnavailable,
  /** The location permission refused on the device (in the app) or in the browser (the web's warning). */
  locationAccess: `${copy.location.permissionWarningTitle}: ${copy.location.permissionWarning}`,
} as const;

/** The installable app: its manifest, the offline notices and the new-version toast. */
export const pwaCopy = {
  manifest: {
    name: 'FreshCart',
    shortName: 'FreshCart',
    description: 'Groceries from your nearest warehouse and dishes from local cloud kitchens, delivered.',
  },
  updateAvailable: 'Update available — reload',
  reload: 'Reload',
  savedResults: 'Showing saved results — you are offline',
  notSaved: {
    title: 'Not saved for offline use',
    description: 'These results were not saved on this device. They load by themselves when you are back online.',
  },
  needsConnection: {
    title: 'This page needs a connection',
    description: 'Orders, checkout and your account are never shown from saved data. Reconnect and this page loads by itself.',
  },
} as const;

/** Names that only assistive technology and keyboard users meet. */
export const a11yCopy = {
  skipToContent: 'Skip to content',
  /** The browser tab's title on a page with a heading of its own: what a screen reader reads first. */
  pageTitle: (heading: string) => `${heading} — FreshCart`,
  // The visible words come first (a voice command says what it sees), then what sets the button apart.
  addBundle: (name: string) => `Add bundle: ${name}`,
  addOffer: (name: string) => `Add offer: ${name}`,
} as const;

/** A product's volume discounts on its page: one row per tier, with the price of one unit at it. */
export const discountTiersCopy = {
  heading: 'Buy more, save more',
  caption: 'Volume discounts: the price of one unit at each quantity',
  columns: { quantity: 'Quantity', discount: 'Discount', priceEach: 'Price each' },
  tier: (minQuantity: number) => `Buy ${minQuantity}+`,
  saving: (percent: string) => `save ${percent}`,
  applied: 'Applied',
  regularPrice: (price: string) => `Regular price ${price} each. The discount is worked out on this item’s quantity in your cart.`,
} as const;

/** The product list's filters as a phone folds them. */
export const productFiltersCopy = {
  toggle: (chosen: number) => (chosen > 0 ? `Filters (${chosen})` : 'Filters'),
  category: 'Category',
  allCategories: 'All categories',
  subcategory: 'Subcategory',
  allSubcategories: 'All subcategories',
  sortBy: 'Sort by',
  search: 'Search products',
  searchPlaceholder: 'Try “chicken” or “bananas”',
  clearSearch: 'Clear search',
  submit: 'Search',
} as const;

/** The support chat's sheet as the launcher, on every page, opens it; the panel's own words load with it. */
export const chatLauncherCopy = {
  title: 'Support chat',
  description: 'Questions about an order, a refund or delivery? We are here to help.',
} as const;

/** The staff dashboards' navigation: the route lists every page loads name their links with it. */
export const dashboardNav = {
  admin: {
    overview: 'Overview',
    orders: 'Orders',
    catalog: 'Catalog',
    import: 'Import products',
    warehouses: 'Warehouses',
    applications: 'Kitchen applications',
    users: 'Users',
    audit: 'Audit log',
    testRunner: 'Test runner',
  },
  driver: { deliveries: 'Deliveries', completed: 'Completed' },
  manager: { orders: 'Orders', pickList: 'Pick list', inventory: 'Inventory', drivers: 'Drivers' },
  support: { conversations: 'Conversations', returns: 'Refunds and returns', orders: 'Order look-up', tickets: 'Tickets' },
  kitchen: { orders: 'Orders', menu: 'Menu', mealPlans: 'Meal plans', profile: 'Kitchen profile', ratings: 'Ratings' },
} as const;

export const cartRefusals = {
  otherKitchen: 'Your cart has dishes from another kitchen. Please clear your cart to order from this kitchen.',
  otherWarehouse: 'Your cart has items from another warehouse. Please clear your cart to shop this warehouse.',
  outOfStock: 'Not enough stock for that quantity.',
  unavailable: 'This item is not available.',
} as const;

/** What a quantity control shows beside the field: the most it accepts. */
export function quantityCap(max: number): string {
  return `Max ${max}`;
}

/** Which guest cart line the server did not take, or took fewer of, and why. */
export function cartNoticeText(notice: { name?: string; reason: string; quantity?: number }): string {
  const name = notice.name ?? copy.cart.unknownItem;
  return notice.quantity === undefined ? `${name} was removed: ${notice.reason}` : `${name} was reduced to ${notice.quantity}: ${notice.reason}`;
}

/** Why a quantity cannot be had: how many are left, or none. */
export function stockRefusal(maxQuantity: number): string {
  return maxQuantity > 0 ? `Only ${maxQuantity} left in stock.` : cartRefusals.outOfStock;
}
