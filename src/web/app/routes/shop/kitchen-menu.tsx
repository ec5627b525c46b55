import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChefHat, Clock, MapPin, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { weekdayNames } from '@/shared/contracts/meal-plans';
import { copy, kitchenCopy, mealPlanCopy } from '@/shared/copy';
import { ApiError } from '@/web/lib/api-client';
import { formatMoney } from '@/shared/money';
import { formatHoursRange } from '@/shared/opening-hours';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Logo } from '@/web/components/layouts/logo';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PageSpinner } from '@/web/components/ui/spinner';
import { mainContentId } from '@/web/components/layouts/skip-link';
import { paths } from '@/web/config/paths';
import { CartPanel } from '@/web/features/cart/components/cart-panel';
import { NoCartNotice } from '@/web/features/cart/components/no-cart-notice';
import { useCart } from '@/web/features/cart/use-cart';
import { kitchenMenuQuery } from '@/web/features/kitchens/api/kitchen-queries';
import { Badge } from '@/web/components/ui/badge';
import { OpenBadge, RatingBadge } from '@/web/features/kitchens/components/kitchen-card';
import { RatingSummary } from '@/web/features/orders/components/rating-summary';
import { ThemeToggle } from '@/web/features/theme/theme-toggle';
import { mediaSrc } from '@/web/lib/media';

const text = kitchenCopy.page;

/** A kitchen's own page, without the shared layout: details, hours, dishes by section, meal plans. */
export function KitchenMenuPage() {
  const { kitchenId = '' } = useParams();
  const menu = useQuery(kitchenMenuQuery(kitchenId));
  usePageTitle(menu.data?.kitchen.businessName);
  const { addItem, isAdding, mode } = useCart();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-4">
      <header className="mb-6 flex items-center justify-between gap-3">
        <Logo />
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.cloudKitchens}>
              <ArrowLeft aria-hidden /> {text.allKitchens}
            </Link>
          </Button>
          <ThemeToggle />
          <CartPanel />
        </div>
      </header>
      <main id={mainContentId} tabIndex={-1} className="outline-none">
        <NoCartNotice className="mb-6 rounded-md border" />
        {menu.isPending ? <PageSpinner /> : null}
        {menu.isError ? (
          <EmptyState icon={ChefHat} title={text.notFound}>
            {/* A mistyped address is refused as malformed: to its reader, it names no kitchen either. */}
            {menu.error instanceof ApiError && menu.error.status === 400 ? text.notTakingOrders : menu.error.message}
          </EmptyState>
        ) : null}
        {menu.data ? (
          <div className="grid gap-8">
            <section className="grid gap-4 sm:grid-cols-[240px_1fr]">
              {/* A phone shows the whole picture in a low band (the drawn pictures carry the name at their foot); wider screens crop it square. */}
              <img
                src={mediaSrc(menu.data.kitchen.image)}
                alt=""
                className="aspect-[16/9] w-full rounded-xl border bg-muted object-contain sm:aspect-square sm:object-cover"
              />
              <div className="grid content-start gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h1 className="text-3xl font-bold tracking-tight">{menu.data.kitchen.businessName}</h1>
                  <OpenBadge open={menu.data.kitchen.openNow} opensNext={menu.data.kitchen.opensNext} />
                </div>
                <p className="text-muted-foreground">
                  {menu.data.kitchen.cuisine} · {kitchenCopy.application.kitchenTypes[menu.data.kitchen.kitchenType]}
                </p>
                <p>{menu.data.kitchen.description}</p>
                <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                  <MapPin className="size-4" aria-hidden /> {menu.data.kitchen.streetAddress}, {menu.data.kitchen.city}, {menu.data.kitchen.state}{' '}
                  {menu.data.kitchen.zipCode}
                </p>
                <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                  <Clock className="size-4" aria-hidden /> {text.readyIn(menu.data.kitchen.prepTimeMinutes)}
                </p>
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium">{text.openingHours}</summary>
                  <ul className="mt-2 grid gap-1 text-muted-foreground">
                    {menu.data.kitchen.openingHours.map((slot) => (
                      <li key={`${slot.day}-${slot.opens}`}>
                        {weekdayNames[slot.day]}: {formatHoursRange(slot)}
                      </li>
                    ))}
                  </ul>
                </details>
              </div>
            </section>
            <RatingSummary kind="kitchens" id={menu.data.kitchen.id} headingId="kitchen-ratings" />
            {menu.data.sections.map((section) => (
              <section key={section.name} aria-labelledby={`section-${section.name}`} className="grid gap-3">
                <h2 id={`section-${section.name}`} className="text-xl font-semibold">
                  {section.name}
                </h2>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {section.dishes.map((dish) => (
                    <li key={dish.id}>
                      <Card className="flex h-full gap-3 p-3">
                        <img src={mediaSrc(dish.image)} alt="" className="size-20 shrink-0 rounded-md bg-muted object-cover" loading="lazy" />
                        <div className="grid flex-1 content-start gap-1">
                          <h3 className="font-medium">{dish.name}</h3>
                          <p className="line-clamp-2 text-sm text-muted-foreground">{dish.description}</p>
                          {dish.dietaryTags.length > 0 ? (
                            <ul className="flex flex-wrap gap-1" aria-label={text.dietaryTagsOf(dish.name)}>
                              {dish.dietaryTags.map((tag) => (
                                <li key={tag}>
                                  <Badge tone="success">{tag}</Badge>
                                </li>
                              ))}
                            </ul>
                          ) : null}
                          {dish.rating !== null ? (
                            <p className="text-xs text-muted-foreground">
                              <RatingBadge rating={dish.rating} count={dish.ratingCount} />
                            </p>
                          ) : null}
                          <div className="mt-auto flex items-center justify-between gap-2">
                            <span className="font-semibold tabular-nums">{formatMoney(dish.price)}</span>
                            {mode === 'staff' ? null : (
                              <Button
                                size="sm"
                                aria-label={text.addNamed(dish.name)}
                                disabled={!dish.available}
                                busy={isAdding}
                                onClick={() => addItem({ itemType: 'cloud_kitchen', cloudKitchenProductId: dish.id, quantity: 1 })}
                              >
                                <Plus aria-hidden /> {dish.available ? text.add : text.soldOut}
                              </Button>
                            )}
                          </div>
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {menu.data.mealPlans.length > 0 ? (
              <section className="grid gap-3" aria-labelledby="meal-plans">
                <h2 id="meal-plans" className="text-xl font-semibold">
                  {text.mealPlans}
                </h2>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {menu.data.mealPlans.map((plan) => (
                    <li key={plan.id}>
                      <Card className="grid gap-1 p-4">
                        <h3 className="font-medium">{plan.name}</h3>
                        <p className="text-sm text-muted-foreground">{plan.description}</p>
                        <p className="text-sm">
                          {text.mealsPerWeek(plan.mealsPerWeek)} · <span className="font-semibold">{formatMoney(plan.weeklyPrice)}</span> {text.perWeek}
                        </p>
                        <Link className="text-sm font-medium text-primary underline-offset-4 hover:underline" to={paths.mealPlanDetails} aria-label={`${mealPlanCopy.customer.seeAll}: ${plan.name}`}>
                          {mealPlanCopy.customer.seeAll}
                        </Link>
                      </Card>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className="text-center text-xs text-muted-foreground">{text.approvedOnly(copy.app.name)}</p>
          </div>
        ) : null}
      </main>
    </div>
  );
}
