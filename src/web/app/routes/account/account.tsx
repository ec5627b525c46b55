import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';
import { AddressBook } from '@/web/features/locations/components/address-book';
import { hasNotifications, NotificationSettings } from '@/web/features/notifications/components/notification-settings';
import { ProfileForm } from '@/web/features/profile/components/profile-form';
import { accountCopy } from '@/shared/copy';

export function AccountPage() {
  const auth = useAuth();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <PageHeader title={accountCopy.title} description={auth.user.email} />
      <Card>
        <CardHeader>
          <CardTitle>{accountCopy.profile}</CardTitle>
          <CardDescription>{accountCopy.profileDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm profile={auth.profile} />
        </CardContent>
      </Card>
      <Card id="addresses" className="scroll-mt-24">
        <CardHeader>
          <CardTitle>{accountCopy.addresses}</CardTitle>
          <CardDescription>{accountCopy.addressesDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <AddressBook />
        </CardContent>
      </Card>
      {hasNotifications(auth.profile.role) ? <NotificationSettings /> : null}
    </div>
  );
}
