/**
 * Shorthands shoppers type for common groceries, read as the words they stand for (ADR 068). Trigram
 * matching cannot guess them ('oj' shares no trigram with 'orange juice'), and a misspelling this
 * short would mean any short word. Kept small: only shorthands nearly every shopper reads one way,
 * none a word or brand of the catalog (it would no longer be found by these letters).
 */
const abbreviations = new Map<string, string>([
  ['oj', 'orange juice'],
  ['pb', 'peanut butter'],
  ['evoo', 'extra virgin olive oil'],
  ['tp', 'toilet paper'],
]);

/** The query with each word that is a known shorthand (words split as a search splits them) replaced by what it stands for. */
export function expandAbbreviations(q: string): string {
  return q.replace(/[\p{L}\p{N}]+/gu, (word) => abbreviations.get(word.toLowerCase()) ?? word);
}
