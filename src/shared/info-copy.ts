/**
 * The help center, contact, returns, support, policy and integration-check pages' own text: long
 * answers and policies read only by those pages, kept apart from the catalogue (copy/) that every
 * page loads, so a shopper's first load does not carry them.
 */
export const infoCopy = {
  helpCenter: {
    title: 'Help Center',
    lead: 'Answers to the questions customers ask us most.',
    search: 'Search the help center',
    searchPlaceholder: 'Try "refund", "fee" or "kitchen"',
    results: (count: number) => (count === 1 ? '1 answer' : `${count} answers`),
    noMatch: (query: string) => `Nothing matches "${query}".`,
    stillNeedHelp: 'Still need help?',
    contactUs: 'Send us a message',
    topics: {
      delivery: 'Delivery',
      fees: 'Fees',
      returns: 'Returns and refunds',
      kitchens: 'Cloud kitchens',
      accounts: 'Your account',
      payments: 'Payments',
      chat: 'The support chat',
    },
    /** Answers follow what the service does: the constants are the ones checkout and delivery use. */
    faq: (facts: { rangeMiles: number; serviceFeePercent: string; taxPercent: string; opens: string; closes: string; windowDays: number }) =>
      [
        {
          topic: 'delivery',
          question: 'Where do you deliver?',
          answer: `Each warehouse delivers to addresses within its delivery range, ${facts.rangeMiles} miles unless it says otherwise. We pick the nearest active warehouse that serves your address; the chip in the header names it, and prices and stock follow that warehouse.`,
        },
        {
          topic: 'delivery',
          question: 'When can my order arrive?',
          answer: `Warehouses deliver from ${facts.opens} to ${facts.closes} of their local time, in hour-long windows. At checkout choose "As soon as possible" or a window for today or tomorrow (${facts.windowDays} days are offered). A window that is full or too soon cannot be chosen.`,
        },
        {
          topic: 'delivery',
          question: 'How do I follow my delivery?',
          answer: 'Open the order in My Orders to see its status change live, and the driver on the map while it is out for delivery. Without an account, use Track Order with the order number and the email you ordered with.',
          link: 'trackOrder',
        },
        {
          topic: 'fees',
          question: 'What does an order cost on top of the items?',
          answer: `A service fee of ${facts.serviceFeePercent} and sales tax of ${facts.taxPercent}, both of the subtotal, plus the delivery fee of the warehouse or kitchen that delivers (each sets its own, and it may be free), plus any tip you choose. Checkout shows every line and the total before you place the order.`,
        },
        {
          topic: 'fees',
          question: 'Why did a price change at checkout?',
          answer: 'Prices belong to the warehouse that serves you, and the server prices your cart again when you place the order. If a price or a quantity discount changed since you added the item, checkout marks the line and shows the old and the new price.',
        },
        {
          topic: 'fees',
          question: 'How do quantity discounts and "buy X get Y" offers work?',
          answer: 'Discounts apply automatically to the quantity in your cart, and the best one wins. A "buy X get Y" offer charges X items for every X + Y you take. Offers count only while they are active.',
        },
        {
          topic: 'returns',
          question: 'Something in my delivered order was wrong. What do I do?',
          answer: 'Open the order in My Orders and choose "Request a return or refund". Pick the items and how many, say what went wrong and add a photo if it helps. Support reviews every request and you see the decision on the order.',
          link: 'returns',
        },
        {
          topic: 'returns',
          question: 'How much is refunded, and where does it go?',
          answer: 'At most what you paid for the items you return, and never more than was paid for the order. Support may approve the amount you asked or less, or reject the request with a reason. A card payment is refunded to the card; a pay-on-delivery order is settled by support.',
        },
        {
          topic: 'returns',
          question: 'Can I cancel instead?',
          answer: 'Yes, while the order is placed, confirmed or processing: from My Orders or the support chat. Cancelling gives back the whole payment. Once it is ready or out for delivery it can no longer be cancelled.',
          link: 'orders',
        },
        {
          topic: 'kitchens',
          question: 'Can I mix groceries and kitchen meals?',
          answer: 'Not in one order: a cart holds either grocery items from one warehouse or dishes from one cloud kitchen. Finish or clear the cart to switch.',
        },
        {
          topic: 'kitchens',
          question: 'Which kitchens can I order from?',
          answer: `Approved kitchens within ${facts.rangeMiles} miles of your address, nearest first, while they are open. A closed kitchen takes orders for a delivery window inside its opening hours.`,
          link: 'cloudKitchens',
        },
        {
          topic: 'kitchens',
          question: 'How do I sell my food on FreshCart?',
          answer: 'Sign in and apply as a cloud kitchen. Our team reviews the application; once approved you run your menu, hours and orders from the kitchen dashboard.',
          link: 'applyCloudKitchen',
        },
        {
          topic: 'kitchens',
          question: 'How do meal plans work?',
          answer: 'A meal plan is a weekly subscription from a cloud kitchen: a set number of meals, delivered on the same day every week to one of your saved addresses and paid on delivery. Subscribe from the Meal plans page, where you can also pause, resume or cancel it at any time.',
          link: 'mealPlans',
        },
        {
          topic: 'accounts',
          question: 'How do I create an account or reset my password?',
          answer: 'Sign up with your email and a password. If you forget the password, choose "Forgot password" on the sign-in page and we email you a link to set a new one.',
          link: 'auth',
        },
        {
          topic: 'accounts',
          question: 'How do I change my addresses?',
          answer: 'Under My Account, add, edit or remove addresses and choose the default one. We place each address on the map when you save it so we can tell which warehouse serves it.',
          link: 'account',
        },
        {
          topic: 'accounts',
          question: 'How do I choose which notifications I get?',
          answer: 'Under My Account, turn on notifications for the device you are using, then choose what to be told about: an order placed, confirmed, out for delivery or delivered, and decisions on refunds. Those choices apply to every device where notifications are on.',
          link: 'notifications',
        },
        {
          topic: 'accounts',
          question: 'Can I use a dark theme?',
          answer: 'Yes: the theme button in the header offers Light, Dark or System, which follows your device\'s setting. The choice is remembered on this device.',
        },
        {
          topic: 'payments',
          question: 'How can I pay?',
          answer: 'Pay the driver on delivery, or by card when card payments are offered at checkout. Card payments go through Stripe: your card number never reaches our servers.',
        },
        {
          topic: 'payments',
          question: 'When is my card charged?',
          answer: 'When you confirm the payment at checkout. If the order is cancelled, the payment is cancelled or refunded in full; refunds of returns go back to the same card.',
        },
        {
          topic: 'chat',
          question: 'What can the support chat do?',
          answer: 'Open it with the round chat button in the corner of every page but the checkout, while signed in. It looks up your recent orders, says where an order is, cancels an order that has not left (after you confirm), explains fees, the delivery area, kitchen hours and returns, and hands you to a person when you ask.',
        },
        {
          topic: 'chat',
          question: 'How do I reach a person?',
          answer: 'Ask the chat for a person: a support agent takes the conversation and answers in the same window. Or send us a message with the contact form and we reply by email.',
          link: 'contact',
        },
      ] as const,
    links: {
      trackOrder: 'Track an order',
      returns: 'Returns',
      orders: 'My Orders',
      cloudKitchens: 'Cloud kitchens',
      applyCloudKitchen: 'Apply as a cloud kitchen',
      auth: 'Sign in',
      account: 'My Account',
      notifications: 'Notification settings',
      mealPlans: 'Meal plans',
      contact: 'Contact us',
    },
  },
  contact: {
    title: 'Contact Us',
    lead: 'Send us a message and the support team will reply by email.',
    formTitle: 'Send a message',
    name: 'Your name',
    email: 'Email',
    orderNumber: 'Order number (optional)',
    orderNumberHint: 'Find it in My Orders or in your confirmation email.',
    topic: 'Topic',
    chooseTopic: 'Choose a topic',
    message: 'Message',
    messageHint: 'Tell us what happened and what you would like us to do.',
    submit: 'Send message',
    sending: 'Sending...',
    sent: 'Message sent',
    sentBody: (reference: string, email: string) => `Your reference is ${reference}. We will reply to ${email}.`,
    sendAnother: 'Send another message',
    failed: 'Your message could not be sent.',
    faster: 'Faster answers',
    fasterBody: 'The Help Center answers most questions, and the chat button in the corner of every page but the checkout can look up or cancel your orders.',
    helpCenter: 'Browse the Help Center',
  },
  returns: {
    title: 'Returns and refunds',
    lead: 'If something is not right with a delivered order, we will make it right.',
    policy: [
      {
        heading: 'What you can ask back',
        body: 'Items of a delivered order that were damaged, missing, wrong or spoiled. Ask for the items and the quantity that were not right; units already refunded or already asked back cannot be asked again.',
      },
      {
        heading: 'How to ask',
        body: 'Open the order in My Orders and choose "Request a return or refund": pick the items, say what went wrong, and add a photo if it helps. The order shows "Refund requested" while support reviews it.',
      },
      {
        heading: 'What support decides',
        body: 'Support approves the amount you asked or less (for example when part of an item was usable), or rejects the request with a reason you read on the order. Every decision is recorded.',
      },
      {
        heading: 'How refunds are paid',
        body: 'A refund is never more than what you paid for the order. Card payments are refunded to the same card through Stripe. Before delivery there is nothing to return: cancel the order instead, which gives back the whole payment.',
      },
    ],
    mine: 'Your requests',
    signInToSee: 'Sign in to see your return requests and start one.',
    signIn: 'Sign in',
    none: 'You have not asked for a return yet.',
    loadError: 'Your return requests could not be loaded',
    requested: (date: string) => `Requested ${date}`,
    asked: 'Asked',
    refunded: 'Refunded',
    note: 'Support says',
    viewOrder: (orderNumber: string) => `View order ${orderNumber}`,
    start: 'Start a return',
    startLead: 'Your delivered orders. Open one to choose the items to return.',
    noDelivered: 'No delivered orders to return from.',
    startFor: (orderNumber: string) => `Return items from ${orderNumber}`,
    deliveredOn: (date: string) => `Delivered order, placed ${date}`,
  },
  support: {
    title: 'Support',
    lead: 'Get help with an order, your account or a delivery.',
    staff: 'For the support team',
    cards: {
      chat: { title: 'Chat with us', body: 'Open the chat with the button in the corner of every page but the checkout. It can look up, track and cancel your orders, and hand you to a person.', action: 'Open the chat' },
      chatSignIn: 'Sign in to chat',
      helpCenter: { title: 'Help Center', body: 'Answers about delivery, fees, returns, kitchens, accounts and payments.', action: 'Browse answers' },
      contact: { title: 'Contact us', body: 'Send a message to the support team; we reply by email.', action: 'Send a message' },
      track: { title: 'Track an order', body: 'See where an order is with its number and your email.', action: 'Track an order' },
      returns: { title: 'Returns and refunds', body: 'Our policy, and the status of your requests.', action: 'See returns' },
    },
  },
  privacy: {
    title: 'Privacy Policy',
    lead: 'What FreshCart keeps about you, why, and the choices you have.',
    sections: [
      {
        heading: 'Your account',
        body: 'Your name, email and phone number, your password (stored only as a hash by our sign-in system) or your Google account when you sign in with Google, your role, and your referral code.',
      },
      {
        heading: 'Addresses and location',
        body: 'The delivery addresses you save, with the map position we find for each, so we know which warehouse serves you. We ask for your device location only to choose the nearest warehouse, only when you allow it, and we do not store it. Drivers share their position only while one of their deliveries is on its way, so the customer can follow it.',
      },
      {
        heading: 'Orders',
        body: 'What you ordered, at what price, the address, delivery time, your notes for the driver, each status change, payments, refunds, return requests with their photos, and your ratings. We keep them for your order history, support, accounting and fraud prevention.',
      },
      {
        heading: 'Support',
        body: 'The support chat keeps its transcript, including the actions it proposed, so you can continue on another device and a support agent can take over. Messages you send through the contact form are kept with your name, email and, when you were signed in, your account.',
      },
      {
        heading: 'Payments',
        body: 'Card payments are handled by Stripe. Your card number is entered in Stripe\'s form and never reaches our servers; we keep only the payment\'s reference, amount and status.',
      },
      {
        heading: 'Cookies and storage',
        body: 'One cookie keeps you signed in (your session); it is not used for advertising. The app stores a guest cart and your warehouse choice on your device. We use no third-party tracking.',
      },
      {
        heading: 'Who sees it',
        body: 'The warehouse or kitchen preparing your order and its driver see what they need to deliver it; our support team and administrators see orders to help you. Staff actions are recorded in an audit log. We do not sell personal data.',
      },
      {
        heading: 'Your choices',
        body: 'Edit your profile and addresses at any time in My Account, turn off location access in your browser or phone, and ask for a copy of your data or for your account to be deleted through the contact form.',
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    lead: 'The rules for using FreshCart.',
    sections: [
      {
        heading: 'Your account',
        body: 'Keep your sign-in details to yourself; you are responsible for orders placed from your account. We may deactivate an account that is used for fraud or abuse.',
      },
      {
        heading: 'Prices and orders',
        body: 'Prices are those of the warehouse or kitchen serving your address when you place the order; the server prices the order again at that moment, and checkout shows any change. An order is placed once we confirm the items are in stock and the delivery window has room.',
      },
      {
        heading: 'Fees',
        body: 'Each order adds a service fee and sales tax on the subtotal, the delivery fee of the warehouse or kitchen that delivers, and any tip you choose. The total is shown before you place the order.',
      },
      {
        heading: 'Delivery',
        body: 'We deliver within each warehouse\'s delivery range, as soon as possible or in the window you choose. Arrival times are estimates. The driver may ask for the delivery code shown on your order.',
      },
      {
        heading: 'Cancellations, returns and refunds',
        body: 'You may cancel while an order is placed, confirmed or processing. Problems with a delivered order are handled as our Returns policy describes; a refund never exceeds what was paid.',
      },
      {
        heading: 'Payments',
        body: 'Pay on delivery, or by card through Stripe when it is offered. A card payment that does not complete leaves the order unpaid and it is cancelled.',
      },
      {
        heading: 'Cloud kitchens',
        body: 'Kitchen partners prepare the dishes and meal plans they list, set their hours and prices, and are responsible for food safety and the allergen and dietary information they give.',
      },
      {
        heading: 'Changes',
        body: 'We may change these terms; the version on this page applies to orders placed after it is published.',
      },
    ],
  },
  integrations: {
    title: 'Cloud integrations check',
    lead: 'Checks, live, every outside service this FreshCart server is configured to use.',
    whatItChecks: 'What it checks',
    checks: [
      { name: 'Database', body: 'Runs a query on the embedded database or the PostgreSQL server, and compares the applied migrations with those the server ships.' },
      { name: 'Mail', body: 'Connects to the SMTP server, or says that mail goes to the server log.' },
      { name: 'Storage', body: 'Writes a file to the image storage (the local disk or an S3-compatible bucket) and reads it back.' },
      { name: 'AI assistant', body: 'Asks the OpenAI-compatible endpoint for its models, or says the built-in assistant answers the chat.' },
      { name: 'Payments', body: 'Calls the Stripe API when Stripe keys are set, or says orders are paid on delivery only.' },
      { name: 'Geocoder', body: 'Places a known address with Mapbox when a token is set, or with the packaged ZIP code database.' },
      { name: 'Google sign-in', body: 'Says whether Google sign-in is configured.' },
    ],
    adminOnly: 'This check needs an administrator',
    adminOnlyBody: 'It reads the server\'s configuration and contacts its providers, so only administrators may run it. Sign in with an administrator account to run it.',
    signIn: 'Sign in',
    results: 'Results',
  },
} as const;
