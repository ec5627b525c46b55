import { LogOut, Package, User } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { paths } from '@/web/config/paths';
import { useSignOut } from '../api/auth-actions';
import { AccountButton } from './account-menu';

/** The account menu itself; loaded by `AccountMenu` on the first press of its button, and open at once. */
export function AccountMenuContent({ name, email }: { name: string; email: string }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <AccountButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <span className="block truncate">{name}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.account}>
            <User aria-hidden /> {copy.header.myAccount}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.orders}>
            <Package aria-hidden /> {copy.header.myOrders}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden /> {copy.header.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
