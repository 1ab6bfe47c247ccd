/// <reference types="node" />
/** Test-only: a real HTTP server on port 0 the client talks to, and page-URL control for jsdom. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetHttpState } from './client';
import { resetHttpConfig } from './config';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** Routes by path (without query); unknown paths answer the 404 envelope. */
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8' });
  response.end(JSON.stringify(body));
}

export function envelope(data: unknown, code = 0, msg = ''): { code: number; data: unknown; msg: string } {
  return { code, data, msg };
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const routes = new Map<string, Handler>();
  const server: Server = createServer((incoming, response) => {
    // jsdom's XMLHttpRequest keeps the origin the page was created with, so to it this server is
    // cross-origin (as a storage server's presigned URLs are): answer CORS like such a server does.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'ETag');
    if (incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method']) {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Access-Control-Allow-Headers': incoming.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const path = recorded.url.split('?')[0];
      const handler = routes.get(path);
      if (!handler) {
        sendJson(response, { code: 404, data: null, msg: `请求地址不存在:${path}` }, 404);
        return;
      }
      void Promise.resolve(handler(recorded, response)).catch((error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface JsdomHandle {
  reconfigure(settings: { url: string }): void;
}

/** Points the jsdom page at `url`, so relative request URLs resolve to the test server. */
export function setPageUrl(url: string): void {
  (globalThis as unknown as { jsdom: JsdomHandle }).jsdom.reconfigure({ url });
}

export function clearAllCookies(): void {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

/** Resolves after `ms` of real time. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The hooks every API-fetcher test file needs: one server for the file, the page at `pagePath` on it,
 * requests and routes cleared before each test, the client's state and configuration reset after it.
 * Read `.server` inside tests (it exists once the file's `beforeAll` has run).
 */
export function setUpTestServer(pagePath: string): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    setPageUrl('http://localhost:3000/');
    await server?.close();
  });
  beforeEach(() => {
    setPageUrl(`${server!.origin}${pagePath}`);
    server!.requests.length = 0;
    server!.routes.clear();
  });
  afterEach(() => {
    resetHttpState();
    resetHttpConfig();
  });
  return {
    get server(): TestServer {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
  };
}
