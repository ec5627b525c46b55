import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One address in front of several instances, as a load balancer without sticky sessions: each request
 * goes to the next instance in turn, streamed both ways (server-sent events included). It keeps the
 * Host header, so the instances see the address the browser used.
 */
export async function roundRobinProxy(upstreamPorts: number[]) {
  let turn = 0;
  const served = upstreamPorts.map(() => 0);
  const proxy = http.createServer((request, response) => {
    const index = turn++ % upstreamPorts.length;
    served[index]! += 1;
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPorts[index], method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: 'The instance did not answer.' } }));
    });
    // A client that goes away (a closed stream) lets the instance know.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    /** How many requests each instance was given, in the order of `upstreamPorts`. */
    served,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
