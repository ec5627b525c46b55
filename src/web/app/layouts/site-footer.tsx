import { AtSign, BadgeCheck, Camera, Clock, Globe, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { Logo } from '@/web/components/layouts/logo';
import { cn } from '@/web/lib/cn';

const promiseIcons = [Truck, BadgeCheck, Clock];

const quickLinks = [
  { to: paths.products, label: copy.footer.shopGroceries },
  { to: paths.categories, label: copy.footer.categories },
  { to: paths.trackOrder, label: copy.footer.trackOrder },
  { to: paths.cloudKitchens, label: copy.footer.cloudKitchens },
];

const serviceLinks = [
  { to: paths.helpCenter, label: copy.footer.helpCenter },
  { to: paths.contact, label: copy.footer.contactUs },
  { to: paths.returns, label: copy.footer.returns },
  { to: paths.support, label: copy.footer.support },
];

const socialLinks = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: Globe },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: Camera },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: AtSign },
];

function LinkGroup({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className="grid gap-2 text-sm text-muted-foreground">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `columnClassName` pads the footer's columns, as the page's main content, out of the floating chat button's lane. */
export function SiteFooter({ columnClassName }: { columnClassName?: string }) {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className={cn('mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4', columnClassName)}>
        <div className="grid content-start gap-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{copy.footer.tagline}</p>
          <ul className="flex gap-2" aria-label={copy.footer.social}>
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noreferrer" aria-label={label} className="flex size-9 items-center justify-center rounded-md border hover:bg-accent">
                  <Icon className="size-4" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkGroup title={copy.footer.quickLinks} links={quickLinks} />
        <LinkGroup title={copy.footer.customerService} links={serviceLinks} />
        <ul className="grid content-start gap-3 text-sm" aria-label={copy.footer.promisesLabel}>
          {copy.footer.promises.map((promise, index) => {
            const Icon = promiseIcons[index] ?? Truck;
            return (
              <li key={promise} className="flex items-center gap-2">
                <Icon className="size-5 text-primary" aria-hidden />
                {promise}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="border-t">
        <div className={cn('mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-xs text-muted-foreground sm:flex-row', columnClassName)}>
          <p>{copy.app.copyright(copy.app.copyrightYear, copy.app.name)}</p>
          <div className="flex gap-4">
            <Link to={paths.privacyPolicy} className="hover:text-foreground">
              {copy.footer.privacyPolicy}
            </Link>
            <Link to={paths.termsOfService} className="hover:text-foreground">
              {copy.footer.termsOfService}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
