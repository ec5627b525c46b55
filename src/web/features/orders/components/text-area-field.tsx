import { useId, type ComponentProps } from 'react';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

/** A labelled multi-line field with its error at the field, like FormField for one line. */
export function TextAreaField({ label, error, className, ...props }: ComponentProps<'textarea'> & { label: string; error?: string }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={cn(
          'min-h-20 w-full rounded-md border bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm',
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
