/**
 * One formatter for every whole number shown ('1,234'). `Number#toLocaleString` builds a new ICU
 * formatter on each call, which the home page's prices and counts made its costliest script work.
 */
const counts = new Intl.NumberFormat('en-US');

/** '1,234'. */
export function formatCount(value: number): string {
  return counts.format(value);
}
