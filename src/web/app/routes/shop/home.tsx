import { ArrowRight, ChefHat, ShoppingBasket } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { copy } from '@/shared/copy';
import { roleHome } from '@/shared/roles';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { paths } from '@/web/config/paths';
import { useAuth } from '@/web/features/auth/api/session';

export function HomePage() {
  const auth = useAuth();
  if (auth.status === 'signed-in') {
    // Kitchen owners and staff have their own home.
    if (auth.profile.kitchenId) return <Navigate to={paths.cloudKitchen} replace />;
    if (auth.profile.role !== 'customer') return <Navigate to={roleHome[auth.profile.role]} replace />;
  }

  return (
    <div className="grid gap-10">
      <section className="grid gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-primary/15 via-secondary to-background px-6 py-12 sm:px-12">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Fresh groceries · Local kitchens</p>
        <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">Everything for your table, delivered today.</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Shop your nearest warehouse at its own prices, or order a hot meal from a cloud kitchen near you.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.products}>
              {copy.footer.shopGroceries} <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.cloudKitchens}>{copy.footer.cloudKitchens}</Link>
          </Button>
        </div>
      </section>
      <section aria-label="What we deliver" className="grid gap-4 sm:grid-cols-2">
        <Link to={paths.categories} className="group">
          <Card className="h-full transition-shadow group-hover:shadow-md">
            <CardHeader>
              <ShoppingBasket className="size-8 text-primary" aria-hidden />
              <CardTitle>Groceries by category</CardTitle>
              <CardDescription>Produce, dairy, bakery, pantry and more, priced by your warehouse.</CardDescription>
            </CardHeader>
          </Card>
        </Link>
        <Link to={paths.cloudKitchens} className="group">
          <Card className="h-full transition-shadow group-hover:shadow-md">
            <CardHeader>
              <ChefHat className="size-8 text-primary" aria-hidden />
              <CardTitle>Meals from cloud kitchens</CardTitle>
              <CardDescription>Home and commercial kitchens near you, with menus and meal plans.</CardDescription>
            </CardHeader>
          </Card>
        </Link>
      </section>
    </div>
  );
}
