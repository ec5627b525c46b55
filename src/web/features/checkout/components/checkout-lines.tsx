import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { checkoutCopy } from '@/shared/copy';
import { defaultSubstitution, substitutionChoices, type CheckoutLine, type SubstitutionPreference } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Price } from '@/web/components/ui/price';
import { mediaSrc } from '@/web/lib/media';
import { CheckoutSection } from './checkout-section';

export const isOrderable = (line: CheckoutLine) => line.state === 'ok' || line.state === 'repriced';

function LineRow({
  line,
  substitution,
  onSubstitution,
}: {
  line: CheckoutLine;
  substitution: SubstitutionPreference;
  onSubstitution: (preference: SubstitutionPreference) => void;
}) {
  const selectId = useId();
  const orderable = isOrderable(line);
  return (
    <li className="grid grid-cols-1 gap-2 py-3" aria-label={line.name}>
      <div className="flex gap-3">
        <img src={mediaSrc(line.image)} alt="" className="size-14 shrink-0 rounded-md border bg-muted object-cover sm:size-16" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{line.name}</p>
              {/* A long detail is cut short, never the quantity. */}
              <p className="flex gap-1 text-xs text-muted-foreground">
                {line.detail ? <span className="min-w-0 truncate">{line.detail} ·</span> : null}
                <span className="shrink-0">{checkoutCopy.quantity(line.quantity)}</span>
              </p>
            </div>
            {orderable ? (
              <Price amount={line.unitPrice * line.quantity} original={line.originalPrice * line.quantity} className="shrink-0 text-sm" />
            ) : (
              <Badge tone="danger">{checkoutCopy.lineStates[line.state]}</Badge>
            )}
          </div>
          {line.state === 'repriced' ? (
            <p className="text-xs font-medium text-orange-700 dark:text-orange-300">
              {checkoutCopy.repriced(formatMoney(line.addedUnitPrice), formatMoney(line.unitPrice))}
            </p>
          ) : null}
        </div>
      </div>
      {orderable && line.itemType !== 'cloud_kitchen' ? (
        // Under the whole line on a phone, so the chosen preference shows whole; under the text from sm.
        <div className="flex flex-wrap items-center gap-2 sm:pl-19">
          <Label htmlFor={selectId} className="text-xs text-muted-foreground">
            {checkoutCopy.substitution}
          </Label>
          <NativeSelect
            id={selectId}
            className="min-w-0 flex-1 basis-64 sm:max-w-64"
            aria-label={`${checkoutCopy.substitution}: ${line.name}`}
            value={substitution}
            onChange={(event) => onSubstitution(event.target.value as SubstitutionPreference)}
          >
            {substitutionChoices(line.itemType).map((preference) => (
              <option key={preference} value={preference}>
                {checkoutCopy.substitutions[preference]}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The lines as the server prices them now: repriced ones say what they were; out-of-stock and
 * withdrawn ones are named in an alert with a way to go on without them.
 */
export function CheckoutLines({
  lines,
  substitutions,
  onSubstitution,
  onRemoveUnavailable,
  removing,
}: {
  lines: CheckoutLine[];
  substitutions: Record<string, SubstitutionPreference>;
  onSubstitution: (lineId: string, preference: SubstitutionPreference) => void;
  onRemoveUnavailable: () => void;
  removing: boolean;
}) {
  const unavailable = lines.filter((line) => !isOrderable(line));
  return (
    <CheckoutSection title={checkoutCopy.items}>
      {unavailable.length > 0 ? (
        <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-400/30 dark:bg-amber-400/10">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
            {checkoutCopy.unavailableTitle}
          </p>
          <ul className="list-inside list-disc text-muted-foreground">
            {unavailable.map((line) => (
              <li key={line.lineId}>
                {line.name}: {checkoutCopy.lineStates[line.state]}
              </li>
            ))}
          </ul>
          <div>
            <Button type="button" size="sm" variant="outline" busy={removing} onClick={onRemoveUnavailable}>
              {checkoutCopy.removeUnavailable}
            </Button>
          </div>
        </div>
      ) : null}
      <ul className="divide-y" aria-label={checkoutCopy.items}>
        {lines.map((line) => (
          <LineRow
            key={line.lineId}
            line={line}
            substitution={substitutions[line.lineId] ?? defaultSubstitution(line.itemType)}
            onSubstitution={(preference) => onSubstitution(line.lineId, preference)}
          />
        ))}
      </ul>
    </CheckoutSection>
  );
}
