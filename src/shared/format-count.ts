/**
 * Every whole number shown ('1,234'). Whole numbers are grouped here, without ICU: building an ICU number
 * formatter is the costliest step of the first load's module evaluation when it happens as the module loads,
 * and `Number#toLocaleString` builds one per call. Anything else (a fraction) goes to one formatter, built on
 * first use.
 */
let formatter: Intl.NumberFormat | undefined;

/** '1,234'. */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${grouped}` : grouped;
  }
  formatter ??= new Intl.NumberFormat('en-US');
  return formatter.format(value);
}
