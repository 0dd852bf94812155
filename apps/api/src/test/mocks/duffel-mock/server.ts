/*
 * A contract mock of Duffel's flights API (v2) on 127.0.0.1: the calls the `duffel` adapter makes,
 * stateful enough to book, pay, ticket, change and refund, with failure modes switchable per test
 * (`faults`), and signed webhook deliveries of airline-initiated changes.
 *
 * Standalone (a browser test runs the app against it):
 *   node --import tsx apps/api/src/test/mocks/duffel-mock/server.ts --port 4010
 * Control routes then: POST /__mock/faults (a `MockFaults` body), POST /__mock/reset,
 * POST /__mock/airline-change ({ order_id, minutes, webhook_url, webhook_secret }).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Json } from './fixtures';
import { airlineChange, type Answer, data, failure, type MockOrder } from './orders';
import { createMockApi, type MockFaults, type RecordedRequest } from './handlers';
import { deliverWebhook } from './webhooks';

export type { MockFaults, MockOperation, RecordedRequest } from './handlers';
export { deliverWebhook, signDelivery } from './webhooks';

export interface DuffelMock {
  /** The base URL to give the client (`basePath`). */
  url: string;
  faults: MockFaults;
  requests: RecordedRequest[];
  orders: Map<string, MockOrder>;
  /** Adds an airline-initiated change to an order; delivers the signed webhook when given a URL. */
  airlineChange(orderId: string, minutes: number, webhook?: { url: string; secret: string }): Promise<Json>;
  reset(): void;
  close(): Promise<void>;
}

const nowDate = () => new Date();

/** Starts the mock on 127.0.0.1 (`port` 0: a free one). */
export async function startDuffelMock(options: { port?: number; log?: boolean } = {}): Promise<DuffelMock> {
  const { orders, requests, mock, route, validation } = createMockApi();
  const api: DuffelMock = {
    url: '',
    get faults() {
      return mock.faults;
    },
    set faults(value: MockFaults) {
      mock.faults = value;
    },
    requests,
    orders,
    async airlineChange(orderId, minutes, webhook) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const change = airlineChange(order, minutes, nowDate());
      if (webhook)
        await deliverWebhook(webhook.url, webhook.secret, 'order.airline_initiated_change_detected', change);
      return change;
    },
    reset() {
      mock.faults = {};
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function control(path: string, body: Json): Promise<Answer> {
    if (path === '/__mock/faults') {
      mock.faults = body as MockFaults;
      return data(body);
    }
    if (path === '/__mock/reset') {
      api.reset();
      return data({});
    }
    if (path === '/__mock/airline-change') {
      const webhook =
        typeof body.webhook_url === 'string' && typeof body.webhook_secret === 'string'
          ? { url: body.webhook_url, secret: body.webhook_secret }
          : undefined;
      return data(await api.airlineChange(String(body.order_id), Number(body.minutes ?? 90), webhook));
    }
    return failure(404, 'invalid_request_error', 'not_found', 'No such control route');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Json | undefined;
        try {
          body = text ? (JSON.parse(text) as Json) : undefined;
        } catch {
          body = undefined;
        }
        const query = Object.fromEntries(url.searchParams);
        const send = (answer: Answer) => {
          res.writeHead(answer.status, {
            'content-type': 'application/json',
            'x-request-id': crypto.randomUUID(),
          });
          res.end(JSON.stringify(answer.body));
        };
        if (url.pathname.startsWith('/__mock/')) return send(await control(url.pathname, body ?? {}));
        requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body });
        if (!/^Bearer duffel_(test|live)_/.test(req.headers.authorization ?? '')) {
          return send(
            failure(401, 'authentication_error', 'unauthorized', 'The access token is missing or invalid.'),
          );
        }
        const { op, run } = route(req.method ?? 'GET', url.pathname, query, body);
        if (op && mock.faults.timeout?.includes(op)) return; // never answers
        if (op && mock.faults.lostAnswer?.includes(op)) {
          run(); // done, never answered
          return;
        }
        if (op) {
          const invalid = validation(op, `Field is invalid (${op})`);
          if (invalid) return send(invalid);
        }
        if (options.log) console.info(req.method, url.pathname);
        send(run());
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

// Run as a program: `--port N` (default 4010).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--port');
  const port = at >= 0 ? Number(process.argv[at + 1]) : 4010;
  void startDuffelMock({ port, log: true }).then((started) => {
    console.info(`Duffel mock listening on ${started.url}`);
  });
}
