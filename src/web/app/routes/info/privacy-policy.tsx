import { InfoPage } from './info-page';

export function PrivacyPolicyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      lead="What we collect, why, and the choices you have."
      sections={[
        { heading: 'What we collect', body: <p>Your name, email, phone, delivery addresses, orders and, when you allow it, your device location to pick the warehouse that serves you.</p> },
        { heading: 'How we use it', body: <p>To deliver your orders, support you, prevent fraud and improve the service. We do not sell personal data.</p> },
        { heading: 'Payments', body: <p>Card payments are handled by our payment provider; card numbers never reach our servers.</p> },
        { heading: 'Your choices', body: <p>You can edit your profile and addresses at any time, turn off location access, and ask us to delete your account.</p> },
      ]}
    />
  );
}
