/**
 * The support pages' and the chat's words: tickets, the support dashboard's queue, the chat panel and its assistant.
 * Imported through the catalogue (`@/shared/copy`, ./index.ts), like every area.
 */

/** The contact form's tickets: the sender's side, support's list, and the server's refusals. */
export const supportTicketCopy = {
  topics: {
    order: 'An order',
    delivery: 'Delivery',
    returns: 'Returns and refunds',
    payments: 'Payments',
    account: 'My account',
    kitchens: 'Cloud kitchens',
    other: 'Something else',
  },
  statuses: { open: 'Open', resolved: 'Resolved' },
  refusals: {
    tooMany: 'You have sent several messages in the last hour. Please wait before sending another, or use the chat.',
    forbidden: 'Only the support team can see tickets.',
    notFound: 'Ticket not found.',
    alreadyResolved: 'This ticket is already resolved.',
  },
  audit: {
    resolved: (reference: string) => `Resolved ticket ${reference}`,
  },
  list: {
    title: 'Tickets',
    description: 'Messages sent through the contact form, newest first.',
    search: 'Search by reference, email, name or order number',
    searchButton: 'Search',
    status: 'Status',
    allStatuses: 'All',
    empty: 'No tickets here.',
    loadError: 'The tickets could not be loaded',
    columns: { reference: 'Reference', from: 'From', topic: 'Topic', received: 'Received', status: 'Status' },
    open: (reference: string) => `Open ticket ${reference}`,
  },
  detail: {
    back: 'Tickets',
    from: 'From',
    email: 'Email',
    orderNumber: 'Order number',
    noOrderNumber: 'None given',
    topic: 'Topic',
    received: 'Received',
    account: 'Account',
    signedIn: 'Sent while signed in',
    guest: 'Sent as a guest',
    message: 'Message',
    replyByEmail: (email: string) => `Reply to ${email}`,
    resolve: 'Mark resolved',
    resolved: 'Ticket marked resolved.',
    resolvedBy: (name: string, when: string) => `Resolved by ${name}, ${when}`,
    failed: 'The ticket could not be updated.',
    loadError: 'The ticket could not be loaded',
  },
} as const;

/** The support dashboard: the return queue and the order look-up. */
export const supportCopy = {
  refusals: {
    amountAboveRequest: 'The refund cannot be more than the customer asked for.',
    reasonRequired: 'Give the customer a reason.',
    amountOnlyOnApproval: 'Only an approval refunds an amount.',
    amountInvalid: 'Enter an amount such as 4.50.',
    refundRefused: 'The card provider refused this refund, so nothing was refunded. The request is open again: try again later, or decline it.',
  },
  queue: {
    title: 'Refunds and returns',
    description: 'Decide what customers asked back, newest first.',
    search: 'Search by order number, email or name',
    searchButton: 'Search',
    status: 'Status',
    statuses: { requested: 'Open', approved: 'Approved', rejected: 'Rejected', all: 'All' },
    empty: 'No return requests here.',
    loadError: 'The return queue could not be loaded',
    newRequest: (orderNumber: string) => `Return requested on ${orderNumber}`,
    customer: 'Customer',
    asked: 'Asked',
    refunded: 'Refunded',
    reason: 'Reason',
    photo: (orderNumber: string) => `Photo sent with the return on ${orderNumber}`,
    openPhoto: 'Open the photo',
    amount: 'Refund amount ($)',
    amountHint: (max: string) => `At most ${max}.`,
    nothingLeft: 'Nothing of this payment is left to refund.',
    note: 'Note to the customer',
    noteHint: 'Shown on their order page. Required to reject.',
    approve: 'Approve refund',
    reject: 'Reject',
    confirmTitle: 'Approve this refund?',
    confirmDescription: (amount: string, orderNumber: string) => `${amount} goes back to the customer of ${orderNumber}. This cannot be undone.`,
    confirmApprove: (amount: string) => `Refund ${amount}`,
    approved: (amount: string) => `Refunded ${amount}.`,
    rejected: 'Return rejected. The customer sees your reason on their order.',
    failed: 'The decision was not saved.',
  },
  lookup: {
    title: 'Order look-up',
    description: 'Find an order by its number, or a customer by email or name.',
    search: 'Order number, email or name',
    searchButton: 'Search',
    prompt: 'Search for an order number, an email or a name.',
    empty: 'No orders match.',
    loadError: 'The orders could not be loaded',
    history: (name: string) => `Order history of ${name}`,
    showHistory: (name: string) => `Show the order history of ${name}`,
    backToSearch: 'Back to the search',
    columns: { order: 'Order', placed: 'Placed', customer: 'Customer', status: 'Status', total: 'Total' },
  },
  order: {
    back: 'Order look-up',
  },
  publicLink: 'Open the support dashboard',
} as const;

/** The support chat's errors, as SPEC §8 words them. */
export const chatErrors = {
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  paymentRequired: 'AI service requires payment. Please contact support.',
  sendFailed: 'Failed to send message',
  actionFailed: 'Failed to process request',
  /** Shown in the chat as the assistant's reply when sending failed for any other reason. */
  apology: "Sorry, I couldn't answer just now. Please try again in a moment.",
  signInRequired: 'Sign in to chat with support.',
} as const;

/** What the chat's engine says and refuses (confirmations, pending actions, hand-offs). */
export const chatEngineCopy = {
  refusals: {
    noPendingAction: 'There is no action waiting for your confirmation.',
    pendingActionExpired: 'That request has expired. Ask again and I will set it up anew.',
  },
  /** What the chat says once a confirmed action ran. */
  results: {
    cancelledRefunded: (orderNumber: string, amount: string) => `Order ${orderNumber} is cancelled; ${amount} goes back to your card.`,
    cancelledNothingDue: (orderNumber: string) => `Order ${orderNumber} is cancelled; nothing is due on delivery.`,
    cancelledNotCharged: (orderNumber: string) => `Order ${orderNumber} is cancelled; your card was not charged.`,
    cancelledRefundFailed: (orderNumber: string) =>
      `Order ${orderNumber} is cancelled, but the card provider did not accept the refund, so nothing has gone back to your card yet. Ask for a person and support will sort it out.`,
    failed: (orderNumber: string, reason: string) => `I could not do that for ${orderNumber}: ${reason}`,
  },
  /** The note on the order's history when the chat cancels it. */
  cancelReason: 'Cancelled by the customer in the support chat',
  /** Added to a reply when the chat hands the conversation to a person on its own. */
  handedOver: 'I am passing this conversation to our support team; a person will answer here.',
  /** The summary an agent reads when the assistant could not help. */
  unhelpedSummary: (lastMessage: string) => `The assistant could not help twice. Last message: "${lastMessage}"`,
} as const;

/** The built-in assistant's replies. */
export const assistantCopy = {
  greeting: (name: string) => `Hi ${name}! I can help with your orders, refunds, delivery and fees.`,
  thanks: "You're welcome! Anything else I can help with?",
  capabilities:
    "Sorry, I didn't understand that. I can list your recent orders, tell you where an order is, cancel or refund an order, and explain fees, the delivery area, opening hours and returns. You can also ask for a person.",
  offTopic: "Sorry, I can only help with FreshCart orders, deliveries, refunds and fees. Is there anything about those I can do for you?",
  escalated: 'I have passed your conversation to our support team. A person will answer here shortly.',
  escalationSummary: (message: string) => `The customer asked for a person. Last message: "${message}"`,
  dropped: (orderNumber: string) => `OK, I have not changed ${orderNumber}.`,
  noRecentOrders: 'You have no orders from the last 3 days that are still being prepared.',
  recentOrders: 'Here are your orders from the last 3 days:',
  /** No order is still being prepared, but some have left the store: these are what the customer is asking about. */
  ordersOnTheWay: 'Your orders from the last 3 days that are on their way:',
  orderLine: (orderNumber: string, status: string, total: string, placed: string) => `${orderNumber}: ${status}, ${total}, placed ${placed}`,
  notFound: (orderNumber: string) => `I can't find an order ${orderNumber} on your account.`,
  orderStatus: (orderNumber: string, status: string, source: string) => `Order ${orderNumber} from ${source} is ${status}.`,
  estimate: (time: string) => `It should arrive around ${time}.`,
  deliveredAt: (time: string) => `It was delivered ${time}.`,
  whichOrder: 'Which order do you mean? Tell me its number:',
  confirmPrompt: 'Reply "yes" to confirm, or "no" to leave it as it is.',
  proposeCancel: (orderNumber: string, consequence: string) => `I can cancel order ${orderNumber}. ${consequence}`,
  cancelRefundsCard: (amount: string) => `${amount} goes back to your card.`,
  /** A pay-on-delivery order: the money is due at the door, so none has been paid yet. */
  cancelNothingPaid: "You haven't paid anything yet, so there is nothing to refund.",
  cancelNotCharged: 'Your card has not been charged.',
  proposeRefund: (orderNumber: string, amount: string) =>
    `Order ${orderNumber} has not been delivered yet, so the way to get your money back is to cancel it: I can cancel it and refund the full ${amount} to your card.`,
  refundOnlyWhole: 'Before delivery only the whole payment can come back, by cancelling.',
  refundAboveShort: (orderNumber: string, most: string) => `That is more than was paid for ${orderNumber}: the most that can come back is ${most}.`,
  refundNothingCharged: (orderNumber: string) =>
    `Order ${orderNumber} is paid on delivery, so nothing has been charged and there is nothing to refund. I can cancel it instead.`,
  refundAfterDelivery: (orderNumber: string) =>
    `Order ${orderNumber} has been delivered. To get money back, open it under My Orders and use "Request a return or refund": support reviews every request.`,
  cannotCancelStatus: (orderNumber: string, status: string) => `Order ${orderNumber} can no longer be cancelled here: its status is ${status}.`,
  tooOld: (orderNumber: string) => `I can only act on orders from the last 3 days; ${orderNumber} is older. Ask for a person and support will help.`,
  noActionableOrder: 'You have no orders from the last 3 days that can still be cancelled.',
  fees: (service: string, tax: string) => `We charge a service fee of ${service} and tax of ${tax} of the subtotal.`,
  deliveryFee: (name: string, fee: string) => `${name}: delivery ${fee}`,
  area: (miles: string) => `We deliver within ${miles} miles of our warehouses:`,
  areaLine: (name: string, city: string, state: string, radius: string, fee: string) => `${name} (${city}, ${state}): within ${radius} miles, delivery ${fee}`,
  areaNear: (miles: string, city: string, state: string) => `We deliver within ${miles} miles of our warehouses. Your address in ${city}, ${state} is served by:`,
  outsideArea: (miles: string, city: string, state: string) =>
    `We deliver within ${miles} miles of our warehouses, and none of them reaches your address in ${city}, ${state} yet.`,
  noWarehouses: 'No warehouse is delivering right now.',
  /** Before the kitchens' hours: groceries come every day within these hours ('8:00 AM – 10:00 PM'). */
  groceryHours: (hours: string) => `Groceries are delivered every day, ${hours} local time, as soon as possible or in an hour-long window.`,
  hours: 'Opening hours of our kitchens:',
  hoursNear: (city: string, state: string) => `Opening hours of the kitchens that deliver to your address in ${city}, ${state}:`,
  noKitchensNear: (city: string, state: string) => `No kitchen delivers to your address in ${city}, ${state} yet.`,
  /** After a list of a few places, for a customer with no saved address. */
  noAddress: 'You have no saved address, so these are only a few of ours. Add your address under Account, Addresses, and I can tell you which ones deliver to you.',
  hoursLine: (name: string, city: string, hours: string, open: boolean) => `${name} (${city}): ${hours}${open ? ' (open now)' : ' (closed now)'}`,
  noKitchens: 'No kitchen is open for orders right now.',
  noHours: 'no hours set',
  returnsPolicy:
    'A delivered order can be returned or refunded: open it under My Orders and use "Request a return or refund", choose the items and say what went wrong. Support reviews every request, and a refund is never more than was paid. Before delivery, cancelling the order gives back the whole payment.',
  noteQuote: (note: string) => `Your note for the driver: "${note}"`,
  noNote: 'You left no note for the driver on this order.',
  addressQuote: (address: string) => `It is going to: ${address}.`,
  free: 'free',
} as const;

/** The customer's chat panel. */
export const chatPanelCopy = {
  signIn: 'Sign in',
  staffOnly: 'The support chat is for customers. Use your dashboard to help them.',
  loading: 'Loading your conversation',
  loadFailed: 'Your conversation could not be loaded',
  transcript: 'Conversation',
  emptyTitle: 'How can we help?',
  emptyBody: 'Ask about an order, a refund, delivery or fees. Type your message below or pick one of these.',
  suggestions: ['Where is my order?', 'I want to cancel my order', 'What are the delivery fees?'],
  suggestionsLabel: 'Suggested questions',
  messageLabel: 'Message',
  placeholder: 'Type a message…',
  hint: 'Enter to send, Shift+Enter for a new line',
  send: 'Send message',
  typing: 'The assistant is typing…',
  you: 'You',
  assistant: 'Assistant',
  agent: (name: string) => `${name} · Support`,
  supportTeam: 'Support team',
  ordersLabel: 'Orders in this reply',
  orderCard: (orderNumber: string) => `Open order ${orderNumber}`,
  itemCount: (count: number) => (count === 1 ? '1 item' : `${count} items`),
  escalated: 'A person from our support team will answer you here. You can close the chat: your conversation is kept.',
  withAgent: 'You are chatting with our support team.',
  closed: 'This conversation is closed. Send a message to start a new one.',
  /** Said in the panel while the device is offline; a message written meanwhile waits for the connection. */
  offline: 'No internet connection. Your message will be sent when you are back online.',
  queued: 'Waiting for the connection',
  pendingTitle: {
    cancel_order: (orderNumber: string) => `Cancel order ${orderNumber}?`,
    request_refund: (orderNumber: string) => `Refund for order ${orderNumber}?`,
  },
  pendingBody: {
    cancel_order: (amount: string | null) =>
      amount ? `The order will be cancelled and ${amount} refunded to you.` : 'The order will be cancelled. Nothing was charged, so nothing needs refunding.',
    request_refund: (amount: string | null) => (amount ? `A refund of ${amount} will be requested for this order.` : 'A refund will be requested for this order.'),
  },
  pendingHint: "Reply 'yes' to confirm or 'no' to keep things as they are.",
  confirm: 'Yes, go ahead',
  decline: 'No, keep it',
  confirmReply: 'Yes',
  declineReply: 'No',
} as const;
