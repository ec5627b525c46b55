/**
 * The account pages' words: password reset, notification settings, the address form.
 * Imported through the catalogue (`@/shared/copy`, ./index.ts), like every area.
 */

/** Server-side refusals shown to the customer where the specification has no wording. */
/** Forgotten passwords: asking for a link, and choosing a new password with it. */
export const passwordResetCopy = {
  forgotLink: 'Forgot password?',
  /**
   * The button beside a password field: its visible word, and the name it is announced by, which says
   * what it does to which field (the name changes with the state, so the button is not a toggle).
   */
  passwordToggle: {
    password: { show: 'Show', hide: 'Hide', showName: 'Show password', hideName: 'Hide password' },
    newPassword: { show: 'Show', hide: 'Hide', showName: 'Show new password', hideName: 'Hide new password' },
    confirmPassword: { show: 'Show', hide: 'Hide', showName: 'Show confirmed password', hideName: 'Hide confirmed password' },
  },
  request: {
    title: 'Reset your password',
    description: 'Enter the email of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
    sending: 'Sending…',
    sentTitle: 'Check your email',
    sent: (email: string) => `If an account exists for ${email}, we sent it a link to reset the password. The link works for an hour.`,
    failed: 'The reset link could not be sent',
  },
  reset: {
    title: 'Choose a new password',
    description: 'Your new password signs you out on every device; sign in again with it.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    mismatch: 'The passwords do not match',
    submit: 'Change password',
    saving: 'Saving…',
    done: 'Password changed',
    doneHint: 'Sign in with your new password.',
    failed: 'The password was not changed',
    missingToken: 'This reset link is incomplete. Ask for a new one.',
    invalidToken: 'This reset link has expired or was already used. Ask for a new one.',
    askAgain: 'Ask for a new link',
  },
  backToSignIn: 'Back to sign in',
} as const;

/** Push notifications (the account's Notifications card, what a push says) and the refund decision email. */
export const notificationCopy = {
  card: {
    title: 'Notifications',
    description: 'Be told on this device of what concerns you, even when FreshCart is in the background.',
    enable: 'Turn on notifications on this device',
    disable: 'Turn off notifications on this device',
    enabled: 'Notifications are on for this device.',
    notEnabled: 'Notifications are off for this device.',
    blocked: 'Your browser blocks notifications from FreshCart. Allow them in the site settings of your browser, then try again.',
    unsupported: 'This browser cannot receive push notifications. Try a current version of Chrome, Edge, Firefox or Safari (on iPhone, add FreshCart to the home screen first).',
    insecure: 'Notifications need a secure connection. Open FreshCart at its https:// address to turn them on for this device.',
    appBlocked: 'Your phone blocks notifications from FreshCart. Allow them in Settings, under Apps, FreshCart, Notifications, then try again.',
    appUnavailable: 'This FreshCart service does not send notifications to the app. Turn them on in FreshCart on the web instead.',
    kindsTitle: 'What to tell me about',
    kindsHint: 'These apply to every device where notifications are on.',
    failed: 'Notifications could not be turned on. Try again.',
    saved: 'Notification settings saved',
    staffLink: 'Notification settings',
  },
  kinds: {
    order_placed: { label: 'Order placed', hint: 'When we receive your order' },
    order_confirmed: { label: 'Order confirmed', hint: 'When the store or kitchen accepts it, or it is declined or cancelled for you' },
    order_out_for_delivery: { label: 'Out for delivery', hint: 'When a driver is on the way' },
    order_delivered: { label: 'Delivered', hint: 'When your order arrives' },
    refund_decided: { label: 'Refund decisions', hint: 'When support approves or rejects a return' },
    new_order: { label: 'New orders', hint: 'When an order comes in for you to prepare' },
    delivery_offered: { label: 'Delivery offers', hint: 'When a delivery at your warehouse needs a driver (while on shift)' },
  },
  push: {
    orderPlaced: (orderNumber: string) => ({ title: 'Order placed', body: `We received order ${orderNumber}.` }),
    orderConfirmed: (orderNumber: string) => ({ title: 'Order confirmed', body: `Order ${orderNumber} was accepted and is being prepared.` }),
    orderDeclined: (orderNumber: string) => ({ title: 'Order declined', body: `The kitchen could not take order ${orderNumber}. See the order for why.` }),
    orderCancelled: (orderNumber: string, by: 'support' | 'payment') => ({
      title: 'Order cancelled',
      body: by === 'payment' ? `Order ${orderNumber} was cancelled because its payment did not go through.` : `Support cancelled order ${orderNumber}. See the order for why.`,
    }),
    outForDelivery: (orderNumber: string) => ({ title: 'Out for delivery', body: `Order ${orderNumber} is on its way.` }),
    delivered: (orderNumber: string) => ({ title: 'Delivered', body: `Order ${orderNumber} was delivered. Enjoy!` }),
    refundApproved: (orderNumber: string) => ({ title: 'Refund approved', body: `Your return on order ${orderNumber} was approved.` }),
    refundRejected: (orderNumber: string) => ({ title: 'Return not approved', body: `Your return on order ${orderNumber} was not approved. See the order for why.` }),
    newOrder: (orderNumber: string) => ({ title: 'New order', body: `Order ${orderNumber} was just placed.` }),
    deliveryOffered: (orderNumber: string) => ({ title: 'Delivery available', body: `Order ${orderNumber} needs a driver.` }),
  },
  refusals: {
    kindNotForRole: 'That kind of notification does not apply to your account',
  },
  refundEmail: {
    approvedSubject: (orderNumber: string) => `Your refund for order ${orderNumber}`,
    approvedText: (options: { orderNumber: string; amount: string; note: string }) =>
      [
        `Your return on order ${options.orderNumber} was approved: ${options.amount} is refunded to your original payment method.`,
        options.note ? `Note from support: ${options.note}` : '',
        'Card refunds usually show within 5 to 10 business days.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    rejectedSubject: (orderNumber: string) => `About your return on order ${orderNumber}`,
    rejectedText: (options: { orderNumber: string; note: string }) =>
      `Your return on order ${options.orderNumber} was not approved.\n\nReason: ${options.note}\n\nReply through the support chat if you have questions.`,
  },
} as const;

/** The address form's door-side fields, and how a saved address shows them. */
export const addressCopy = {
  unit: 'Apartment, suite or unit',
  unitHint: 'Optional, such as Apt 4B',
  deliveryInstructions: 'Delivery instructions',
  deliveryInstructionsHint: 'Optional: a gate code, which door, ring twice…',
  instructionsShown: 'Instructions',
  isDefault: 'Default',
  notPlaced: 'Not found on the map: matched to a warehouse by city and state.',
  setDefault: 'Set as default',
  setDefaultOf: (name: string) => `Set ${name} as default`,
  edit: 'Edit',
  editOf: (name: string) => `Edit ${name}`,
  delete: 'Delete',
  deleteOf: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete this address?',
  keep: 'Keep it',
  confirmDelete: 'Delete address',
  loading: 'Loading addresses',
  emptyTitle: 'No saved addresses',
  emptyBody: 'Add the address you want your orders delivered to.',
  listLabel: 'Saved addresses',
  add: 'Add address',
  /** Saving an address the customer already has: shown at the street address. */
  alreadySaved: 'You have already saved this address.',
  /** Adding an address past the most a customer keeps. */
  limitReached: (max: number) => `You can save up to ${max} addresses. Delete one to add another.`,
  form: {
    newTitle: 'New address',
    editTitle: 'Edit address',
    label: 'Label',
    labelPlaceholder: 'Home, Work…',
    streetAddress: 'Street address',
    city: 'City',
    state: 'State',
    choose: 'Choose…',
    zipCode: 'ZIP code',
    makeDefault: 'Make this my default address',
    cancel: 'Cancel',
    saving: 'Saving…',
    save: 'Save address',
  },
} as const;

/** The account page and its profile form. */
export const accountCopy = {
  title: 'My Account',
  profile: 'Profile',
  profileDescription: 'Your name and phone number for deliveries.',
  addresses: 'Addresses',
  addressesDescription: 'Where we deliver your orders. Your default address decides which warehouse serves you.',
  fields: { firstName: 'First name', lastName: 'Last name', phone: 'Phone' },
  saving: 'Saving…',
  save: 'Save changes',
} as const;
