// The bursts' HTTP/1.1 client: keep-alive connections that each carry one request at a time, whose
// bytes are built before the clock starts. The load generator shares the machine's two cores with
// the app (and the database server): in the first lead burst it spent 0.20–0.35 ms of CPU per
// request with undici and its own code not yet compiled, a third of the app's own, on the cores
// the app needed. This client, warmed first (warmLoadGenerator in load.mjs), spent 0.08–0.17 ms in
// the first bursts measured since and 0.07–0.13 ms in the later ones. It parses only what a burst
// needs: the status and where the body ends (Content-Length or chunked).
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** A request's bytes: the request line, the host, `headers`, and the body with its length. */
export function requestBytes(method, path, host, headers, body) {
  const payload = body === undefined ? null : Buffer.from(body);
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (payload) head += `content-length: ${payload.length}\r\n`;
  head += '\r\n';
  return payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : Buffer.from(head, 'latin1');
}

/** One keep-alive connection; `request` sends one request's bytes and resolves to its answer. */
export class RawConnection {
  constructor({ host, port, localAddress }) {
    this.options = { host, port, ...(localAddress ? { localAddress } : {}) };
    this.socket = null;
    this.pending = null;
    this.buffer = null;
  }

  open() {
    return new Promise((resolve, reject) => {
      const socket = connect(this.options);
      socket.setNoDelay(true);
      socket.once('connect', () => {
        socket.off('error', reject);
        socket.on('error', () => undefined);
        resolve();
      });
      socket.once('error', reject);
      socket.on('data', (chunk) => this.received(chunk));
      socket.on('close', () => this.closed(socket));
      this.socket = socket;
      this.buffer = null;
    });
  }

  /** Resolves to `{ status, body }` (body a Buffer); rejects if the connection fails first. */
  async request(bytes) {
    if (!this.socket || this.socket.destroyed) await this.open();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, status: 0, bodyStart: -1, length: -1, chunked: false, close: false };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  received(chunk) {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.pending) this.parse();
  }

  parse() {
    const p = this.pending;
    const buf = this.buffer;
    if (p.bodyStart < 0) {
      const end = buf.indexOf(HEAD_END);
      if (end < 0) return;
      const head = buf.toString('latin1', 0, end).toLowerCase();
      p.status = Number(head.slice(9, 12));
      p.bodyStart = end + 4;
      const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
      if (length) p.length = Number(length[1]);
      p.chunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(head);
      p.close = /\r\nconnection:\s*close/.test(head);
      // A body-less answer (204, 304) ends at its head.
      if (!length && !p.chunked && (p.status === 204 || p.status === 304)) p.length = 0;
    }
    if (p.chunked) {
      const parts = [];
      let at = p.bodyStart;
      for (;;) {
        const lineEnd = buf.indexOf(CRLF, at);
        if (lineEnd < 0) return;
        const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
        if (size === 0) {
          // The last chunk, then the (empty) trailer's CRLF.
          const trailerEnd = buf.indexOf(CRLF, lineEnd + 2);
          if (trailerEnd < 0) return;
          return this.done(Buffer.concat(parts), trailerEnd + 2);
        }
        if (buf.length < lineEnd + 2 + size + 2) return;
        parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    if (p.length >= 0 && buf.length >= p.bodyStart + p.length)
      this.done(buf.subarray(p.bodyStart, p.bodyStart + p.length), p.bodyStart + p.length);
    // Otherwise the body ends when the server closes the connection (closed()).
  }

  done(body, consumed) {
    const p = this.pending;
    this.pending = null;
    this.buffer = consumed < this.buffer.length ? this.buffer.subarray(consumed) : null;
    if (p.close) this.close();
    p.resolve({ status: p.status, body });
  }

  closed(socket) {
    if (socket !== this.socket && this.socket !== null) return;
    this.socket = null;
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.bodyStart >= 0 && p.length < 0 && !p.chunked)
      p.resolve({ status: p.status, body: this.buffer.subarray(p.bodyStart) });
    else p.reject(new Error('the connection closed before the answer ended'));
  }
}

/**
 * Connections to one server, a set of idle ones per local address: `request` takes an idle one (or
 * opens one) and gives it back once answered, so one connection carries one request at a time.
 */
export class RawPool {
  constructor(url) {
    const { hostname, port } = new URL(url);
    this.host = hostname;
    this.port = Number(port);
    this.idle = new Map();
    this.all = new Set();
  }

  take(localAddress) {
    const idle = this.idle.get(localAddress);
    if (idle?.length) return idle.pop();
    const connection = new RawConnection({ host: this.host, port: this.port, localAddress });
    this.all.add(connection);
    return connection;
  }

  /** Opens `count` connections from the default address, each answering `bytes` once, and keeps them idle. */
  async open(count, bytes) {
    const opened = Array.from({ length: count }, () => this.take(undefined));
    await Promise.all(opened.map((connection) => connection.request(bytes)));
    this.idle.set(undefined, [...(this.idle.get(undefined) ?? []), ...opened]);
  }

  async request(bytes, localAddress) {
    const connection = this.take(localAddress);
    try {
      return await connection.request(bytes);
    } finally {
      if (!this.idle.has(localAddress)) this.idle.set(localAddress, []);
      this.idle.get(localAddress).push(connection);
    }
  }

  close() {
    for (const connection of this.all) connection.close();
    this.all.clear();
    this.idle.clear();
  }
}
