import type { ReactNode } from 'react';
import { Logo } from '@/web/components/layouts/logo';
import { mainContentId } from '@/web/components/layouts/skip-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { ThemeToggle } from '@/web/features/theme/theme-toggle';

/** The frame of the account pages (sign in, sign up, password reset): logo, theme, one card. */
export function AuthShell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <header className="flex w-full max-w-md items-center justify-between">
        <Logo />
        <ThemeToggle />
      </header>
      <main id={mainContentId} tabIndex={-1} className="w-full max-w-md outline-none">
        <Card>
          <CardHeader>
            <CardTitle level={1}>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
