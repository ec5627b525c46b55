import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** One titled step of the checkout, a fieldset when it holds a choice so its legend names the group. */
export function CheckoutSection({ title, children, className, asFieldset = false, describedBy }: { title: string; children: ReactNode; className?: string; asFieldset?: boolean; describedBy?: string }) {
  const body = 'grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 sm:p-5';
  if (asFieldset) {
    return (
      <fieldset className={cn(body, 'min-w-0', className)} aria-describedby={describedBy}>
        <legend className="float-left mb-1 w-full text-lg font-semibold">{title}</legend>
        {children}
      </fieldset>
    );
  }
  return (
    <section className={cn(body, className)} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A radio drawn as a card: the title names it and the detail describes it. */
export function RadioCard({
  title,
  detail,
  disabled,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'title'> & { title: ReactNode; detail?: ReactNode }) {
  const id = useId();
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        type="radio"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={detail ? `${id}-detail` : undefined}
        {...input}
      />
      <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <span id={`${id}-title`} className="flex items-center gap-1.5 font-medium">
          {title}
        </span>
        {detail ? (
          <span id={`${id}-detail`} className="text-muted-foreground">
            {detail}
          </span>
        ) : null}
      </span>
    </label>
  );
}

export function FieldMessage({ id, children, tone = 'error' }: { id?: string; children: ReactNode; tone?: 'error' | 'hint' }) {
  return (
    <p id={id} role={tone === 'error' ? 'alert' : undefined} className={cn('text-sm', tone === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
      {children}
    </p>
  );
}
