/**
 * Ticks for a chart axis that starts at 0: distinct multiples of a round step (1, 2 or 5 × 10ⁿ units),
 * `count` steps at least, reaching the largest value. With nothing to show (every value 0) the axis
 * still runs 0 to `count` units, so it never repeats one label. Values and ticks are in `unit`s of the
 * data (100 for cents shown as whole dollars).
 */
export function axisTicks(values: readonly number[], options: { unit?: number; count?: number } = {}): number[] {
  const unit = options.unit ?? 1;
  const count = options.count ?? 4;
  // The axis reaches at least `count` units, so an empty chart has one unit per step.
  const top = Math.max(Math.max(0, ...values) / unit, count);
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((multiple) => multiple * magnitude).find((candidate) => candidate >= raw)!;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => index * step * unit);
}
