import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3', {
  variants: {
    tone: {
      deal: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-300',
      success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300',
      muted: 'bg-muted text-muted-foreground',
      danger: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300',
      warning: 'bg-orange-100 text-orange-900 dark:bg-orange-400/15 dark:text-orange-300',
      // Over a picture (always light), so the same in both themes.
      dealOnImage: 'bg-amber-100 text-amber-900 shadow-sm ring-1 ring-amber-900/10',
      openOnImage: 'bg-emerald-700 text-white shadow-sm',
      closedOnImage: 'bg-zinc-800/90 text-white shadow-sm',
      dangerOnImage: 'bg-white text-red-700 shadow-sm ring-1 ring-red-700/20',
    },
  },
  defaultVariants: { tone: 'muted' },
});

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
