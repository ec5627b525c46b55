import { BookOpen, LifeBuoy, Mail, MapPin, MessageCircle, RotateCcw, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { supportCopy } from '@/shared/copy';
import { infoCopy } from '@/shared/info-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { paths } from '@/web/config/paths';
import { storeRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { OPEN_CHAT_PARAM } from '@/web/features/support-chat/components/chat-launcher';
import { useAuth } from '@/web/lib/session';

const text = infoCopy.support;

interface HubCard {
  title: string;
  body: string;
  action: string;
  to: string;
  Icon: LucideIcon;
  onClick?: () => void;
}

/** Every way to get help, one card each; the chat opens in place for a signed-in customer. */
export function SupportPage() {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const staff = signedIn && (auth.profile.role === 'support' || auth.profile.role === 'admin');
  const openChat = `${paths.support}?${OPEN_CHAT_PARAM}=open`;
  const cards: HubCard[] = [
    {
      ...text.cards.chat,
      action: signedIn ? text.cards.chat.action : text.cards.chatSignIn,
      to: signedIn ? openChat : paths.auth,
      // Signing in comes back here with the chat open.
      onClick: signedIn ? undefined : () => storeRedirectAfterLogin(openChat),
      Icon: MessageCircle,
    },
    { ...text.cards.helpCenter, to: paths.helpCenter, Icon: BookOpen },
    { ...text.cards.contact, to: paths.contact, Icon: Mail },
    { ...text.cards.track, to: paths.trackOrder, Icon: MapPin },
    { ...text.cards.returns, to: paths.returns, Icon: RotateCcw },
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={text.title} description={text.lead} />
      {staff ? (
        <p className="mb-6 flex items-center gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <LifeBuoy className="size-4" aria-hidden />
          <span>{text.staff}:</span>
          <Link className="font-medium text-primary underline underline-offset-4" to={paths.supportDashboard}>
            {supportCopy.publicLink}
          </Link>
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.title} className="flex flex-col gap-2 rounded-xl border p-5">
            <card.Icon className="size-6 text-primary" aria-hidden />
            <h2 className="text-lg font-semibold">{card.title}</h2>
            <p className="flex-1 text-sm text-muted-foreground">{card.body}</p>
            <Link to={card.to} onClick={card.onClick} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
              {card.action}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
