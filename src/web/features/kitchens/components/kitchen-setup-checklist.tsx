import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { KitchenProfile } from '@/shared/contracts/kitchen-operator';
import { kitchenSetupCopy as text } from '@/shared/staff-copy';
import { Card, CardContent } from '@/web/components/ui/card';
import { paths } from '@/web/config/paths';

/**
 * What a kitchen still lacks before customers can order: opening hours, dishes, and the open switch
 * (on the profile page). Each step links to where it is done; the list is gone once all are.
 */
export function KitchenSetupChecklist({ kitchen, dishCount }: { kitchen: KitchenProfile; dishCount: number }) {
  const steps = [
    { key: 'hours', label: text.steps.hours, href: paths.cloudKitchenProfile, done: kitchen.openingHours.length > 0 },
    { key: 'menu', label: text.steps.menu, href: paths.cloudKitchenMenu, done: dishCount > 0 },
    { key: 'open', label: text.steps.open, href: paths.cloudKitchenProfile, done: kitchen.isOpen },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <Card role="region" aria-label={text.title}>
      <CardContent className="grid gap-3 p-4">
        <div className="grid gap-0.5">
          <h2 className="font-semibold">{text.title}</h2>
          <p className="text-sm text-muted-foreground">{text.description}</p>
        </div>
        <ol className="grid gap-1">
          {steps.map((step) => (
            <li key={step.key} className="flex min-h-10 items-center gap-2">
              {step.done ? <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden /> : <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden />}
              <span className="sr-only">{step.done ? text.done : text.toDo}:</span>
              {step.done ? (
                <span className="text-muted-foreground line-through">{step.label}</span>
              ) : (
                <Link to={step.href} className="font-medium text-primary underline-offset-4 hover:underline">
                  {step.label}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
