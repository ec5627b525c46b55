import { Link } from 'react-router';
import { supportCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/lib/session';
import { InfoPage } from './info-page';

export function SupportPage() {
  const auth = useAuth();
  const staff = auth.status === 'signed-in' && auth.profile.role === 'support';
  return (
    <InfoPage
      title="Support"
      lead="Get help with an order, your account or a delivery."
      sections={[
        ...(staff
          ? [{ heading: 'For the support team', body: <p><Link className="text-primary underline" to={paths.supportDashboard}>{supportCopy.publicLink}</Link></p> }]
          : []),
        { heading: 'Chat with us', body: <p>Use the chat button in the corner of any page. The assistant can look up your recent orders, cancel an order that has not left the warehouse and start a refund request.</p> },
        { heading: 'Self-service', body: <p>Browse the <Link className="text-primary underline" to={paths.helpCenter}>Help Center</Link> or <Link className="text-primary underline" to={paths.trackOrder}>track an order</Link>.</p> },
        { heading: 'Talk to a person', body: <p>See <Link className="text-primary underline" to={paths.contact}>Contact Us</Link> for email and phone.</p> },
      ]}
    />
  );
}
