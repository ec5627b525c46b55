import { Link } from 'react-router';
import { paths } from '@/web/config/paths';
import { InfoPage } from './info-page';

export function HelpCenterPage() {
  return (
    <InfoPage
      title="Help Center"
      lead="Answers to the questions customers ask us most."
      sections={[
        { heading: 'Where do you deliver?', body: <p>Each warehouse delivers within 40 miles. We pick the nearest warehouse that serves your address; prices and stock follow that warehouse.</p> },
        { heading: 'What does delivery cost?', body: <p>Delivery is free. A service fee of 2% and sales tax of 8.25% of your subtotal are added at checkout, and you always see the total before you pay.</p> },
        { heading: 'Can I mix groceries and kitchen meals?', body: <p>Not in one order: a cart holds either grocery items or dishes from a cloud kitchen. Clear the cart to switch.</p> },
        { heading: 'How do I cancel an order?', body: <p>You can cancel while an order is placed, confirmed or processing, from <Link className="text-primary underline" to={paths.orders}>My Orders</Link> or through the support chat.</p> },
        { heading: 'Refunds and returns', body: <p>See <Link className="text-primary underline" to={paths.returns}>Returns</Link> for how to request a refund for a delivered order.</p> },
      ]}
    />
  );
}
