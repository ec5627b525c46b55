import { InfoPage } from './info-page';

export function TermsOfServicePage() {
  return (
    <InfoPage
      title="Terms of Service"
      lead="The rules for using FreshCart."
      sections={[
        { heading: 'Orders', body: <p>Prices are those of the warehouse or kitchen serving you at the time you place the order. We confirm availability when the order is placed.</p> },
        { heading: 'Delivery', body: <p>We deliver within each warehouse's delivery range. Delivery times are estimates.</p> },
        { heading: 'Cancellations and refunds', body: <p>You may cancel before an order is out for delivery. Refunds for delivered orders follow our Returns policy.</p> },
        { heading: 'Cloud kitchens', body: <p>Kitchen partners prepare the dishes they list and are responsible for food safety certification.</p> },
      ]}
    />
  );
}
