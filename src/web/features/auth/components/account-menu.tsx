import { User } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/web/components/ui/button';
import { copy } from '@/shared/copy';

const loadAccountMenu = () => import('./account-menu-content').then((module) => ({ default: module.AccountMenuContent }));
const AccountMenuContent = lazy(loadAccountMenu);

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
  const button = <AccountButton onPointerEnter={() => void loadAccountMenu()} onFocus={() => void loadAccountMenu()} onClick={() => setPressed(true)} />;
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuContent name={name} email={email} />
    </Suspense>
  );
}
