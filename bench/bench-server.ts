import { startServer, stopServer, waitHealthy, type ServerProcess } from '../src/server/test/server-process';

export { stopServer, type ServerProcess };

async function answers(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * The real server on `port`, in a process of its own, once it answers its health check. Sign-up and
 * sign-in are not rate limited, since a benchmark signs up its customers all at once. Its log is not
 * kept: a benchmark that turns the access log on measures writing it, not whoever reads it.
 */
export async function startBenchServer(
  port: number,
  env: Record<string, string | undefined>,
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) throw new Error(`Something already answers on ${base}; stop it or pass --port.`);
  const server = startServer({ PORT: String(port), PUBLIC_URL: base, AUTH_RATE_LIMIT_MAX: '1000000', ...env }, { nodeArgs: options.nodeArgs, discardStdout: true });
  try {
    await waitHealthy(server, port, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stopServer(server, 'SIGKILL');
    throw error;
  }
  return server;
}
