import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';
import { AddressBook } from '@/web/features/locations/components/address-book';
import { hasNotifications, NotificationSettings } from '@/web/features/notifications/components/notification-settings';
import { ProfileForm } from '@/web/features/profile/components/profile-form';

export function AccountPage() {
  const auth = useAuth();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <PageHeader title="My Account" description={auth.user.email} />
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>Your name and phone number for deliveries.</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm profile={auth.profile} />
        </CardContent>
      </Card>
      <Card id="addresses" className="scroll-mt-24">
        <CardHeader>
          <CardTitle>Addresses</CardTitle>
          <CardDescription>Where we deliver your orders. Your default address decides which warehouse serves you.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddressBook />
        </CardContent>
      </Card>
      {hasNotifications(auth.profile.role) ? <NotificationSettings /> : null}
    </div>
  );
}
