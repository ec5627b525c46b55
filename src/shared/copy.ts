import { formatMoney } from './money';

/**
 * Every user-facing string the specification fixes, in one place. Components and the server
 * import from here so the exact wording cannot drift.
 */
export const copy = {
  app: {
    name: 'FreshCart',
    loading: 'Loading...',
    defaultWarehouseLabel: 'Georgetown',
    copyrightYear: 2024,
    offline: 'No internet connection. Please check your network settings.',
    connectionIssue:
      'Connection issue detected. Please check your internet connection and try again.',
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Try again, or go back to the home page.',
    updatedBody: 'FreshCart has just been updated and this page could not load. Try again to get the latest version.',
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
  },
  payments: {
    configurationIssue: 'Payment Configuration Issue',
    failed: 'Payment Failed: Your payment could not be processed. Please check your payment method and try again.',
    insufficientFunds: 'Insufficient Funds: try a different payment method',
    network: 'Network Error: Please check your internet connection and try again.',
    error: 'Payment Error',
    nativeUnavailable: 'Payment Configuration Issue: Payment system temporarily unavailable. Please try again later.',
  },
  kitchens: {
    loadFailed: 'Failed to load cloud kitchens in your area',
    noData: 'No cloud kitchens data received',
  },
  kitchenBanner: {
    text: 'Complete your cloud kitchen application to start selling on FreshCart.',
    action: 'Complete application',
  },
  checkout: {
    title: 'Checkout',
    description: 'Review your order, choose when it arrives and how to pay.',
    loadFailed: "Couldn't load your checkout.",
    address: 'Delivery address',
    addAddress: 'Add a new address',
    noAddress: 'Add the address your order should go to.',
    from: 'From',
    milesAway: (miles: number) => `${miles.toFixed(1)} mi away`,
    deliveryTime: 'Delivery time',
    asap: 'As soon as possible',
    asapUnavailable: 'Not available right now',
    chooseWindow: 'Or choose a delivery window',
    windowFull: 'Full',
    windowTooSoon: 'Unavailable',
    noWindows: 'No delivery windows today or tomorrow.',
    timesIn: (zone: string) => `Times in ${zone}`,
    items: 'Items',
    quantity: (quantity: number) => `Qty ${quantity}`,
    repriced: (was: string, now: string) => `was ${was}, now ${now}`,
    lineStates: { ok: 'Available', repriced: 'Price changed', out_of_stock: 'Out of stock', unavailable: 'No longer available' },
    unavailableTitle: 'Some items are out of stock or no longer sold',
    removeUnavailable: 'Remove unavailable items',
    substitution: 'If out of stock',
    substitutions: { replace: 'Replace with a similar item', contact: 'Contact me', refund: 'Refund it' },
    driverNotes: 'Notes for the driver',
    driverNotesHint: 'Gate code, where to leave the bag…',
    characters: (count: number, max: number) => `${count}/${max}`,
    tip: 'Tip for your driver',
    tipNone: 'None',
    tipPercent: (percent: string) => `${percent} %`,
    tipCustom: 'Custom',
    tipCustomAmount: 'Custom tip in dollars',
    tipInvalid: 'Enter an amount in dollars, like 5.00',
    tipTooHigh: (max: string) => `Tip must be at most ${max}`,
    paymentMethod: 'Payment method',
    payOnDelivery: 'Pay on delivery',
    payOnDeliveryHint: 'Pay the driver when your order arrives.',
    card: 'Card',
    cardHint: 'Pay now with a credit or debit card.',
    summary: 'Order summary',
    subtotal: 'Subtotal',
    savings: { discounts: 'Discounts', bundles: 'Bundle savings', deals: 'Deal savings' },
    serviceFee: 'Service fee',
    deliveryFee: 'Delivery fee',
    free: 'Free',
    tax: 'Tax',
    tipLine: 'Tip',
    total: 'Total',
    updating: 'Updating…',
    placeOrder: 'Place order',
    placing: 'Placing order…',
    placeFailed: "Couldn't place your order",
    continueShopping: 'Continue shopping',
    emptyHint: 'Add products to your cart before checking out.',
    /** 'in about 35 min, by 6:40 PM'; 'in about 2 h', 'in about 1 h 45 min' from 90 minutes. */
    asapEstimate: (minutes: number, time: string) =>
      `in about ${minutes < 90 ? `${minutes} min` : minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`}, by ${time}`,
  },
  time: { today: 'Today', tomorrow: 'Tomorrow' },
  orderSuccess: {
    title: 'Order placed',
    arrivesBy: (day: string, time: string) => `${day}, by ${time}`,
    thanks: (source: string) => `Thank you! Your order has gone to ${source}.`,
    orderNumber: 'Order number',
    arrives: 'Estimated delivery',
    window: 'Delivery window',
    total: 'Total',
    payment: 'Payment',
    paymentPending: 'Payment pending',
    methods: { cash_on_delivery: 'Pay on delivery', card: 'Card' },
    deliveryCode: 'Delivery code',
    deliveryCodeNote: 'Give this code to your driver',
    next: 'What happens next',
    steps: {
      grocery: ['The store confirms your order', 'A picker gathers your items', 'A driver brings them to you', 'You give the driver your code'],
      cloud_kitchen: ['The kitchen confirms your order', 'The kitchen prepares it', 'A driver brings it to you', 'You give the driver your code'],
    },
    track: 'Track order',
    continueShopping: 'Continue shopping',
    notFoundTitle: 'We could not find that order',
    notFoundBody: 'It may belong to another account, or the link is incomplete. Your orders are all listed on your orders page.',
    toOrders: 'Go to my orders',
    loadFailed: "Couldn't load your order.",
  },
  notFound: {
    title: 'Page not found',
    body: "The page you are looking for doesn't exist or has moved.",
    back: 'Back to home',
  },
} as const;

/** Server-side refusals shown to the customer where the specification has no wording. */
export const cartRefusals = {
  otherKitchen: 'Your cart has dishes from another kitchen. Please clear your cart to order from this kitchen.',
  otherWarehouse: 'Your cart has items from another warehouse. Please clear your cart to shop this warehouse.',
  outOfStock: 'Not enough stock for that quantity.',
  unavailable: 'This item is not available.',
} as const;

/** Why an order cannot be placed or changed, where the specification has no wording. */
export const orderRefusals = {
  emptyCart: 'Your cart is empty.',
  noAddress: 'Add a delivery address to continue.',
  outsideServiceArea: 'Delivery not available to this area.',
  linesUnavailable: 'Some items are out of stock or no longer sold. Remove them to continue.',
  totalChanged: 'Prices changed since you reviewed your order. Please check the new total.',
  windowFull: 'This delivery window is full. Please choose another.',
  windowPast: 'This delivery window is no longer available. Please choose another.',
  kitchenClosed: 'This kitchen is closed right now. Choose a delivery window in its opening hours.',
  idempotencyReused: 'This request key was already used for a different order.',
  notFound: 'Order not found.',
  statusNotAllowed: "This order can't be changed that way now.",
  refundTooLarge: 'The amount is more than what was paid and not yet refunded.',
  notReceived: 'You can rate only items you have received.',
  cardUnavailable: 'Card payments are not available. Please choose pay on delivery.',
  forbidden: 'You do not have access to this.',
  badCursor: 'This page link is no longer valid. Start again from the first page.',
  customersOnly: 'Only customers have orders.',
  staffOnly: 'Only staff have order queues.',
  offeredForDrivers: 'Only drivers are offered deliveries.',
  deliveryCodeRequired: 'Enter the 4-digit delivery code from the customer.',
  deliveryCodeWrong: "This delivery code doesn't match the order.",
  driverRequired: 'Assign a driver first.',
  paymentPending: "The card payment hasn't gone through yet. Confirm the order once it's paid.",
  notADriver: 'Choose a driver who works at this warehouse.',
  returnLineUnknown: 'This item is not part of the order.',
  returnQuantityTooHigh: 'More than you received, or already refunded or requested.',
  returnAlreadyDecided: 'This request has already been decided.',
  returnNotFound: 'Return request not found.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image',
  nothingToRefund: 'These items were free, so there is nothing to refund.',
  photoTooLarge: 'The photo must be at most 600 KB',
  bundleNotRatable: 'Bundles cannot be rated; rate the items in them instead.',
  numberingFailed: 'The order could not be numbered. Please try again.',
} as const;

/** Notes the server writes on orders and refunds, shown on the order page. */
export const orderNotes = {
  cancelledRefund: 'Order cancelled',
  returnApproved: 'Return approved',
  driverAssigned: (firstName: string) => `Driver assigned: ${firstName}`,
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

/** Card payment, around the SPEC §8 messages of `copy.payments`. */
export const cardPayment = {
  title: 'Pay by card',
  loading: 'Loading the card form...',
  loadFailed: 'The card form could not be loaded. Please try again.',
  waiting: 'Waiting for the payment to be confirmed...',
  timedOut: 'Your payment has not been confirmed yet. Your order is saved: check its status in your orders in a few minutes.',
  paid: 'Payment received',
  notPayable: 'This order has no card payment to take.',
  /** The order's timeline note when an abandoned card payment cancels it. */
  unpaidCancelNote: 'The card payment was not completed.',
  /** The refund's reason when a card payment succeeds after its order was cancelled. */
  paidAfterCancelReason: 'The card payment went through after the order was cancelled.',
} as const;

export function payButtonLabel(formattedAmount: string): string {
  return `Pay ${formattedAmount}`;
}

/** 'Payment Error' with the provider's message (SPEC §8). */
export function paymentErrorText(message: string | undefined): string {
  return message ? `${copy.payments.error}: ${message}` : copy.payments.error;
}
/** What live tracking answers when it cannot. */
export const trackingRefusals = {
  /** The same for an unknown number and for a known number with another email, so neither can be probed. */
  lookupNotFound: 'No order matches this order number and email.',
  linkExpired: 'This tracking link has expired. Look the order up again.',
  notOutForDelivery: 'A position can be shared only while the order is out for delivery.',
  positionTooSoon: 'Positions are accepted at most once every 3 seconds.',
  tooManyLookups: 'Too many attempts. Please wait a minute and try again.',
  signInToTrack: 'Please sign in to continue.',
} as const;

/** The confirmation email a placed order sends (through the mail provider; the server log by default). */
export function orderConfirmationEmail(order: {
  orderNumber: string;
  lines: { name: string; quantity: number; amount: number }[];
  totalAmount: number;
  /** When it arrives, already written for the reader: 'Mon, Nov 23, 3:26 PM CST' or a window. */
  estimate: string;
  address: string;
  paymentMethod: 'cash_on_delivery' | 'card';
}): { subject: string; text: string } {
  const lines = order.lines.map((line) => `  ${line.quantity} × ${line.name}: ${formatMoney(line.amount)}`);
  const payment = order.paymentMethod === 'card' ? 'Paid by card' : 'Pay on delivery';
  return {
    subject: `Your FreshCart order ${order.orderNumber}`,
    text: [
      `Thank you for your order ${order.orderNumber}.`,
      '',
      ...lines,
      '',
      `Total: ${formatMoney(order.totalAmount)} (${payment})`,
      `Estimated delivery: ${order.estimate}`,
      `Delivering to: ${order.address}`,
      '',
      'Track it any time from My Orders.',
    ].join('\n'),
  };
}

/** The customer's orders, their detail, returns, ratings and live tracking. */
export const orderCopy = {
  statuses: {
    placed: 'Placed',
    confirmed: 'Confirmed',
    processing: 'Preparing',
    ready: 'Ready for pickup',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refund_requested: 'Refund requested',
    refunded: 'Refunded',
    refund_rejected: 'Refund declined',
  },
  paymentMethods: { cash_on_delivery: 'Pay on delivery', card: 'Card' },
  paymentStatuses: {
    due_on_delivery: 'Due on delivery',
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
    partially_refunded: 'Partially refunded',
    cancelled: 'Cancelled',
  },
  substitutions: { replace: 'Replace with a similar item', contact: 'Contact me', refund: 'Refund it' },
  refundKinds: { full: 'Full refund', partial: 'Partial refund', line: 'Returned items', goodwill: 'Goodwill refund' },
  refundStatuses: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' },
  returnStatuses: { requested: 'Under review', approved: 'Approved', rejected: 'Declined' },
  actors: { customer: 'You', admin: 'FreshCart', manager: 'The store', driver: 'Your driver', cloud_kitchen: 'The kitchen', support: 'Customer support', system: 'FreshCart' },
  list: {
    title: 'My Orders',
    description: 'Your recent and past orders.',
    emptyTitle: 'No orders yet',
    emptyBody: 'Orders you place appear here.',
    shop: 'Start shopping',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    loadError: 'Your orders could not be loaded',
  },
  detail: {
    title: 'Order details',
    notFoundTitle: 'Order not found',
    notFoundBody: 'We could not find this order on your account.',
    backToOrders: 'Back to my orders',
    loadError: 'This order could not be loaded',
    items: 'Items',
    summary: 'Summary',
    subtotal: 'Subtotal',
    savings: 'Savings',
    serviceFee: 'Service fee',
    deliveryFee: 'Delivery fee',
    free: 'Free',
    tax: 'Tax',
    tip: 'Tip',
    total: 'Total',
    deliverTo: 'Delivery address',
    payment: 'Payment',
    refunded: 'Refunded',
    timeline: 'Status',
    deliveryCode: 'Delivery code',
    deliveryCodeHint: 'Give this code to your driver when your order arrives.',
    driverNotes: 'Notes for the driver',
    refunds: 'Refunds',
    returnRequests: 'Return and refund requests',
    quantity: (quantity: number) => `Qty ${quantity}`,
    itemCount: (count: number) => (count === 1 ? '1 item' : `${count} items`),
    estimate: 'Estimated delivery',
    window: 'Delivery window',
    deliveredAt: 'Delivered',
  },
  cancel: {
    action: 'Cancel order',
    title: 'Cancel this order?',
    description: 'The order is cancelled and nothing is charged. This cannot be undone.',
    reason: 'Reason (optional)',
    confirm: 'Yes, cancel order',
    keep: 'Keep order',
    done: 'Your order was cancelled',
    failed: 'The order could not be cancelled',
  },
  reorder: {
    action: 'Reorder',
    done: 'Items added to your cart',
    skipped: (names: string[]) => `Not added: ${names.join(', ')}`,
    failed: 'The items could not be added to your cart',
  },
  returns: {
    action: 'Request a return or refund',
    title: 'Request a return or refund',
    description: 'Choose the items and how many, and tell us what went wrong. Customer support reviews every request.',
    item: (name: string) => `Return ${name}`,
    quantityOf: (name: string) => `How many ${name}`,
    reason: 'What went wrong?',
    photo: 'Photo (optional)',
    photoHint: 'JPEG, PNG or WebP. Large photos are made smaller.',
    photoTooBig: 'The photo must be at most 600 KB',
    photoUnreadable: 'This file could not be read as a picture.',
    removePhoto: 'Remove photo',
    amount: 'Refund amount',
    refundable: (amount: string) => `Up to ${amount} can be refunded on this order.`,
    tooMuch: 'This is more than can be refunded on this order.',
    pickOne: 'Pick at least one item',
    submit: 'Send request',
    close: 'Close',
    done: 'Your request was sent',
    failed: 'The request could not be sent',
  },
  ratings: {
    rate: 'Rate',
    edit: 'Edit rating',
    title: (name: string) => `Rate ${name}`,
    stars: (count: number) => (count === 1 ? '1 star' : `${count} stars`),
    starsLabel: 'Your rating',
    chooseStars: 'Choose 1 to 5 stars',
    comment: 'Comment (optional)',
    save: 'Save rating',
    saved: 'Thanks for your rating',
    failed: 'The rating could not be saved',
    yours: (count: number) => `You rated ${count} of 5`,
    average: (average: number, count: number) => `Rated ${average.toFixed(1)} out of 5 from ${count === 1 ? '1 rating' : `${count} ratings`}`,
    none: 'No ratings yet',
    unavailable: 'Ratings are not available right now.',
    heading: 'Ratings and comments',
    count: (count: number) => (count === 1 ? '1 rating' : `${count} ratings`),
  },
  tracking: {
    title: 'Track Order',
    description: 'Follow your delivery as it happens.',
    noneTitle: 'No order on its way',
    noneBody: 'Orders on their way appear here with live status.',
    lookupTitle: 'Find an order',
    lookupBody: 'Enter the order number and the email of the account that placed it.',
    orderNumber: 'Order number',
    email: 'Email',
    find: 'Track order',
    another: 'Track another order',
    loadError: 'Tracking could not be loaded',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    connecting: 'Connecting…',
    progress: 'Order progress',
    arrivesBy: (time: string) => `Arriving by ${time}`,
    arrivedAt: (time: string) => `Delivered at ${time}`,
    details: 'Order details',
  },
  map: {
    label: 'Delivery map',
    description: (from: string, miles: string | null, eta: string) =>
      `The driver is on the way from ${from}${miles ? `, ${miles} away` : ''}; arriving by ${eta}.`,
    from: 'From',
    you: 'You',
    driver: 'Driver',
    milesLeft: (miles: string) => `${miles} left`,
    miles: (miles: string) => `${miles} mi`,
    waiting: 'Waiting for the driver’s position…',
    unavailable: 'The map is not available for this address.',
  },
} as const;

/** What every staff dashboard says about its live queue and alerts. */
export const staffCopy = {
  alerts: {
    label: 'Needs attention',
    count: (count: number) => (count === 1 ? '1 new item needs attention' : `${count} new items need attention`),
    acknowledge: 'Acknowledge',
    acknowledgeAll: 'Acknowledge all',
  },
  live: {
    open: 'Live',
    reconnecting: 'Reconnecting…',
  },
} as const;

/** What an image upload is refused with, at its field. */
export const uploadRefusals = {
  missing: 'Choose an image to upload.',
  notAnImage: 'The file must be a JPEG, PNG or WebP image.',
  tooLarge: 'The image must be at most 5 MB.',
  notFound: 'Image not found.',
} as const;

/** The support dashboard: the return queue and the order look-up. */
export const supportCopy = {
  refusals: {
    amountAboveRequest: 'The refund cannot be more than the customer asked for.',
    reasonRequired: 'Give the customer a reason.',
    amountOnlyOnApproval: 'Only an approval refunds an amount.',
  },
} as const;

/** The admin's warehouses page. */
export const warehouseAdminCopy = {
  refusals: {
    notPlaced: 'This address could not be placed on the map. Check it, or enter the coordinates.',
    nameTaken: 'Another warehouse has this name.',
    staffTwice: 'This person is already on the list.',
    staffRole: (role: 'manager' | 'driver') => (role === 'manager' ? 'This person is not a manager.' : 'This person is not a driver.'),
    notFound: 'Warehouse not found.',
    kitchenDefaultActive: 'Cloud kitchen orders are booked against this warehouse, so it stays active.',
  },
} as const;
