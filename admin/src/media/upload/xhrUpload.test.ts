/**
 * The XHR upload over real HTTP (jsdom's XMLHttpRequest against a local server that answers like
 * Storage): the request storage-js would send, progress, and Storage's error message on refusal.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createXhrUpload, storageErrorMessage, StorageRefusal } from './xhrUpload';

interface Received { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }
let server: Server;
let base = '';
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{"Key":"media/x","Id":"1"}' };

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'apikey, authorization, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'OPTIONS') { res.writeHead(204, cors).end(); return; }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
      res.writeHead(answer.status, { ...cors, 'Content-Type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => { received.length = 0; });

const upload = () => createXhrUpload({ url: base, anonKey: 'anon-key', accessToken: async () => 'user-token' });

test('sends what storage-js sends: POST /storage/v1/object/<bucket>/<path>, multipart, never an upsert', async () => {
  answer = { status: 200, body: '{"Key":"media/2026/04/x.png","Id":"1"}' };
  const progress: number[] = [];
  const file = new File(['PNG-BYTES'], 'x.png', { type: 'image/png' });
  await upload()('media', '2026/04/x.png', file, (f) => progress.push(f));
  expect(received).toHaveLength(1);
  const [req] = received;
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/storage/v1/object/media/2026/04/x.png');
  expect(req.headers.apikey).toBe('anon-key');
  expect(req.headers.authorization).toBe('Bearer user-token');
  expect(req.headers['x-upsert']).toBeUndefined(); // absent = no upsert
  expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(req.body).toMatch(/name="cacheControl"\r\n\r\n3600\r\n/);
  expect(req.body).toMatch(/name=""; filename="x.png"\r\nContent-Type: image\/png\r\n\r\nPNG-BYTES\r\n/);
  expect(progress[progress.length - 1]).toBe(1);
});

test("a refusal rejects with Storage's message and status", async () => {
  answer = { status: 415, body: '{"statusCode":"415","error":"invalid_mime_type","message":"mime type application/x-msdownload is not supported"}' };
  const refused = upload()('media', 'a.exe', new Blob(['MZ']), () => undefined);
  await expect(refused).rejects.toEqual(new StorageRefusal('mime type application/x-msdownload is not supported', 415));
  await expect(refused).rejects.toMatchObject({ status: 415 });
});

test('error bodies without a message fall back to the status', () => {
  expect(storageErrorMessage(413, '{"statusCode":"413","error":"Payload too large"}')).toBe('Payload too large');
  expect(storageErrorMessage(502, '<html>bad gateway</html>', 'Bad Gateway')).toBe('Upload failed (HTTP 502 Bad Gateway)');
});
