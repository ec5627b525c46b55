import { checkoutCopy } from '@/shared/copy';
import { MAX_TIP } from '@/shared/contracts/orders';
import { formatMoney, parseMoney, percentOf, type Cents } from '@/shared/money';

export const tipChoices = ['none', '10', '15', '20', 'custom'] as const;
export type TipChoice = (typeof tipChoices)[number];

/** A preset's share of the subtotal in basis points. */
const presetBasisPoints: Record<Exclude<TipChoice, 'none' | 'custom'>, number> = { '10': 1000, '15': 1500, '20': 2000 };

export type TipAmount = { cents: Cents; error?: undefined } | { cents?: undefined; error: string };

/** The tip in cents for a choice: a preset is its share of the server's subtotal, rounded to the cent. */
export function tipAmount(choice: TipChoice, customText: string, subtotal: Cents): TipAmount {
  if (choice === 'none') return { cents: 0 };
  if (choice === 'custom') {
    if (customText.trim() === '') return { cents: 0 };
    const cents = parseMoney(customText);
    if (cents === null) return { error: checkoutCopy.tipInvalid };
    if (cents > MAX_TIP) return { error: checkoutCopy.tipTooHigh(formatMoney(MAX_TIP)) };
    return { cents };
  }
  return { cents: Math.min(percentOf(subtotal, presetBasisPoints[choice]), MAX_TIP) };
}
