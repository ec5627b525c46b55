import { InfoPage } from './info-page';

export function ReturnsPage() {
  return (
    <InfoPage
      title="Returns"
      lead="If something is not right with a delivered order, we will make it right."
      sections={[
        { heading: 'What you can return', body: <p>Damaged, missing, wrong or spoiled items from a delivered order. Tell us within 7 days of delivery.</p> },
        { heading: 'How to request a refund', body: <p>Open the order in My Orders, choose the items and the reason, and send the request. Our support team reviews it and you are notified of the decision.</p> },
        { heading: 'How refunds are paid', body: <p>Approved refunds go back to the original payment method. A refund never exceeds what you paid for the order.</p> },
      ]}
    />
  );
}
