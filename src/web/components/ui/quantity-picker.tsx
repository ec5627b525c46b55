import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { copy, quantityCap } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/**
 * Minus, a number field and plus, kept within min..max (min 1 unless told), with the most it accepts shown
 * beside it. A number typed above the most is replaced by the most at once: the field never shows what it
 * will not take. Given an item's name, its controls name the item (a grid repeats them); `compact` keeps
 * the label for screen readers and shows the most only once it is reached. Its buttons are 44 px on phones.
 */
export function QuantityPicker({
  value,
  max,
  onChange,
  disabled = false,
  className,
  min = 1,
  itemName,
  label = copy.ui.quantity,
  compact = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  className?: string;
  min?: number;
  itemName?: string;
  label?: string;
  compact?: boolean;
}) {
  const inputId = useId();
  const capId = useId();
  // What the customer is typing; the committed value stays valid meanwhile.
  const [draft, setDraft] = useState<string | null>(null);
  const upper = Math.max(1, max);

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId} className={compact ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="flex items-center gap-2">
        <div className="flex w-fit items-stretch rounded-md border border-input shadow-xs">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={cn('size-11 rounded-r-none sm:w-9', compact ? 'sm:h-9' : 'sm:h-9.5')}
            aria-label={copy.ui.decreaseQuantity(itemName)}
            aria-controls={inputId}
            disabled={disabled || value <= min}
            onClick={() => {
              setDraft(null);
              onChange(clamp(value - 1, min, upper));
            }}
          >
            <Minus />
          </Button>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={min}
            max={upper}
            step={1}
            disabled={disabled}
            aria-describedby={capId}
            value={draft ?? String(value)}
            onChange={(event) => {
              const typed = event.target.value;
              const next = Number(typed);
              if (typed !== '' && Number.isInteger(next) && next > upper) {
                setDraft(null);
                onChange(upper);
                return;
              }
              setDraft(typed);
              if (typed !== '' && Number.isInteger(next)) onChange(clamp(next, min, upper));
            }}
            onBlur={() => setDraft(null)}
            className={cn('border-x border-input bg-transparent text-center text-base tabular-nums outline-none [appearance:textfield] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none', compact ? 'w-10' : 'w-14')}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={cn('size-11 rounded-l-none sm:w-9', compact ? 'sm:h-9' : 'sm:h-9.5')}
            aria-label={copy.ui.increaseQuantity(itemName)}
            aria-controls={inputId}
            disabled={disabled || value >= upper}
            onClick={() => {
              setDraft(null);
              onChange(clamp(value + 1, min, upper));
            }}
          >
            <Plus />
          </Button>
        </div>
        <span id={capId} className={cn('text-xs tabular-nums', value >= upper ? 'font-medium text-foreground' : 'text-muted-foreground', compact && value < upper && 'sr-only')}>
          {quantityCap(upper)}
        </span>
      </div>
    </div>
  );
}
