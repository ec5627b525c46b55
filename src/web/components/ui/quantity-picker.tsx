import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { quantityCap } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/**
 * Minus, a number field and plus, kept within 1..max, with the most it accepts shown beside it. A number
 * typed above the most is replaced by the most at once: the field never shows what it will not take.
 */
export function QuantityPicker({ value, max, onChange, disabled = false, className }: { value: number; max: number; onChange: (value: number) => void; disabled?: boolean; className?: string }) {
  const inputId = useId();
  const capId = useId();
  // What the customer is typing; the committed value stays valid meanwhile.
  const [draft, setDraft] = useState<string | null>(null);
  const upper = Math.max(1, max);

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>Quantity</Label>
      <div className="flex items-center gap-2">
        <div className="flex h-10 w-fit items-center rounded-md border border-input shadow-xs">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="h-full rounded-r-none"
            aria-label="Decrease quantity"
            aria-controls={inputId}
            disabled={disabled || value <= 1}
            onClick={() => {
              setDraft(null);
              onChange(clamp(value - 1, 1, upper));
            }}
          >
            <Minus />
          </Button>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
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
              if (typed !== '' && Number.isInteger(next)) onChange(clamp(next, 1, upper));
            }}
            onBlur={() => setDraft(null)}
            className="h-full w-14 border-x border-input bg-transparent text-center text-base tabular-nums outline-none [appearance:textfield] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="h-full rounded-l-none"
            aria-label="Increase quantity"
            aria-controls={inputId}
            disabled={disabled || value >= upper}
            onClick={() => {
              setDraft(null);
              onChange(clamp(value + 1, 1, upper));
            }}
          >
            <Plus />
          </Button>
        </div>
        <span id={capId} className={cn('text-xs tabular-nums', value >= upper ? 'font-medium text-foreground' : 'text-muted-foreground')}>
          {quantityCap(upper)}
        </span>
      </div>
    </div>
  );
}
