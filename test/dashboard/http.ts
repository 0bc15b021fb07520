/** A loopback HTTP client for the dashboard tests that can send any Host header (fetch cannot). */
import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export interface CallOptions {
  method?: string;
  /** the Host header; null sends none; default 127.0.0.1:<port> */
  host?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

export function call(port: number, path: string, opts: CallOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.host !== null) headers.host = opts.host ?? `127.0.0.1:${port}`;
    const req = request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON (the page) */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}
