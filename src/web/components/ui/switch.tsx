import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * An on/off switch: a native checkbox announced as a switch, so Space toggles it and a label names it.
 * `busy`: its own change is being saved. It ignores presses but stays focusable, as the Button's
 * busy state does: a `disabled` switch would drop keyboard and screen-reader focus to the page.
 */
export function Switch({
  className,
  busy = false,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'role' | 'onChange'> & { busy?: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      role="switch"
      className={cn('accent-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50', className)}
      {...props}
      aria-disabled={busy || props['aria-disabled']}
      aria-busy={busy || props['aria-busy']}
      onChange={(event) => {
        // The checked state is the caller's: left unchanged, React puts the switch back as it was.
        if (busy) return;
        onCheckedChange(event.target.checked);
      }}
    />
  );
}
