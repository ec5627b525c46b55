import { useId } from 'react';
import { checkoutCopy } from '@/shared/copy';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import { tipChoices, type TipChoice } from '../tip';
import { CheckoutSection, FieldMessage } from './checkout-section';

const labels: Record<TipChoice, string> = {
  none: checkoutCopy.tipNone,
  '10': checkoutCopy.tipPercent('10'),
  '15': checkoutCopy.tipPercent('15'),
  '20': checkoutCopy.tipPercent('20'),
  custom: checkoutCopy.tipCustom,
};

/** None, a share of the subtotal, or an amount in dollars. */
export function TipStep({
  choice,
  onChoice,
  customText,
  onCustomText,
  error,
}: {
  choice: TipChoice;
  onChoice: (choice: TipChoice) => void;
  customText: string;
  onCustomText: (text: string) => void;
  error: string | undefined;
}) {
  const customId = useId();
  const messageId = useId();
  return (
    <CheckoutSection title={checkoutCopy.tip} asFieldset>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {tipChoices.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            )}
          >
            <input type="radio" name="tip" value={value} className="sr-only" checked={choice === value} onChange={() => onChoice(value)} />
            {labels[value]}
          </label>
        ))}
      </div>
      {choice === 'custom' ? (
        <div className="grid gap-1.5 sm:max-w-56">
          <Label htmlFor={customId}>{checkoutCopy.tipCustomAmount}</Label>
          <div className="relative">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
              $
            </span>
            <Input
              id={customId}
              inputMode="decimal"
              autoComplete="off"
              className="pl-6"
              value={customText}
              onChange={(event) => onCustomText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
            />
          </div>
        </div>
      ) : null}
      {error ? <FieldMessage id={messageId}>{error}</FieldMessage> : null}
    </CheckoutSection>
  );
}
