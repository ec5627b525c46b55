import { User } from 'lucide-react';
import { Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/web/components/ui/button';
import { copy } from '@/shared/copy';
import { lazyWhenOnline, preload } from '@/web/lib/lazy-when-online';

const loadAccountMenu = () => import('./account-menu-content').then((module) => ({ default: module.AccountMenuContent }));
const AccountMenuContent = lazyWhenOnline(loadAccountMenu);

/** The header's account button, the same before and after its menu has loaded. */
export function AccountButton(props: ComponentProps<'button'>) {
  return (
    <Button variant="ghost" size="touch-icon" aria-label={copy.header.accountMenu} aria-haspopup="menu" {...props}>
      <User />
    </Button>
  );
}

/**
 * Like the theme menu, the account menu's code loads when the visitor reaches for its button and
 * opens on the first press, so it stays out of the first load.
 */
export function AccountMenu({ name, email }: { name: string; email: string }) {
  const [pressed, setPressed] = useState(false);
  const button = <AccountButton onPointerEnter={() => preload(loadAccountMenu)} onFocus={() => preload(loadAccountMenu)} onClick={() => setPressed(true)} />;
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuContent name={name} email={email} />
    </Suspense>
  );
}
