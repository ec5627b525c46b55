import { InfoPage } from './info-page';

export function ContactPage() {
  return (
    <InfoPage
      title="Contact Us"
      lead="We answer every message within one business day."
      sections={[
        { heading: 'Email', body: <p><a className="text-primary underline" href="mailto:help@freshcart.example">help@freshcart.example</a></p> },
        { heading: 'Phone', body: <p><a className="text-primary underline" href="tel:+15125550100">+1 (512) 555-0100</a>, every day from 8 am to 10 pm Central time.</p> },
        { heading: 'Cloud kitchen partners', body: <p><a className="text-primary underline" href="mailto:kitchens@freshcart.example">kitchens@freshcart.example</a></p> },
      ]}
    />
  );
}
