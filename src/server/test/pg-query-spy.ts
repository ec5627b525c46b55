import pg from 'pg';

/** Records the name (or text) of every query a pg client sends until restored. */
export function spyOnQueries(sent: string[]) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { name?: string; text: string };
    sent.push(typeof config === 'string' ? config : (config.name ?? config.text));
    return (original as (...values: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { restore: () => (pg.Client.prototype.query = original) };
}
