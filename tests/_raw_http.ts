/**
 * A minimal HTTP/1.1 client over a TCP socket. Unlike `fetch`, it sends the request target
 * byte for byte (no URL normalization, no dot-segment removal), adds no Accept-Encoding and
 * decompresses nothing, so tests see exactly what a server sends.
 *
 * @module
 */

/** A response as it came over the wire. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  text(): string;
  json(): unknown;
}

/** What to send. */
export interface RawRequest {
  method?: string;
  /** Sent in this order; a list of pairs may repeat a name or hold odd values. */
  headers?: Record<string, string> | [string, string][];
  body?: string;
  /** Closes the connection after this many milliseconds, so a stuck answer fails the caller. */
  timeoutMs?: number;
}

function indexOf(bytes: Uint8Array, pattern: number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function dechunk(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (;;) {
    const end = indexOf(bytes, [13, 10], at);
    if (end < 0) throw new Error("Malformed chunked body");
    const size = parseInt(
      new TextDecoder().decode(bytes.subarray(at, end)).split(";")[0] ?? "",
      16,
    );
    if (!Number.isFinite(size)) throw new Error("Malformed chunk size");
    if (size === 0) return concat(parts);
    parts.push(bytes.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

/**
 * Sends one request to `origin` (such as `http://127.0.0.1:8000`) for the raw `target` (such as
 * `/api/metrics/%ZZ`) and reads the whole answer; the connection is closed afterwards.
 */
export async function rawRequest(
  origin: string,
  target: string,
  { method = "GET", headers = {}, body, timeoutMs = 30_000 }: RawRequest = {},
): Promise<RawResponse> {
  const url = new URL(origin);
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  const timer = setTimeout(() => conn.close(), timeoutMs);
  try {
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: ${url.host}`,
      "Connection: close",
      ...(Array.isArray(headers) ? headers : Object.entries(headers)).map(([name, value]) =>
        `${name}: ${value}`
      ),
      ...(body === undefined ? [] : [`Content-Length: ${new TextEncoder().encode(body).length}`]),
      "",
      body ?? "",
    ];
    const request = new TextEncoder().encode(lines.join("\r\n"));
    for (let written = 0; written < request.length;) {
      written += await conn.write(request.subarray(written));
    }
    const chunks: Uint8Array[] = [];
    const buffer = new Uint8Array(64 * 1024);
    for (;;) {
      const read = await conn.read(buffer).catch(() => null);
      if (read === null) break;
      chunks.push(buffer.slice(0, read));
    }
    const bytes = concat(chunks);
    const split = indexOf(bytes, [13, 10, 13, 10]);
    if (split < 0) {
      throw new Error(`No complete response head for ${method} ${target.slice(0, 80)}`);
    }
    const [statusLine = "", ...headerLines] = new TextDecoder().decode(bytes.subarray(0, split))
      .split("\r\n");
    const responseHeaders = new Headers();
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      responseHeaders.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    let payload = bytes.subarray(split + 4);
    if (method === "HEAD") payload = new Uint8Array();
    else if (/chunked/i.test(responseHeaders.get("transfer-encoding") ?? "")) {
      payload = dechunk(payload);
    } else if (responseHeaders.has("content-length")) {
      payload = payload.subarray(0, Number(responseHeaders.get("content-length")));
    }
    const status = Number(statusLine.split(" ")[1]);
    return {
      status,
      headers: responseHeaders,
      body: payload,
      text: () => new TextDecoder().decode(payload),
      json: () => JSON.parse(new TextDecoder().decode(payload)),
    };
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch {
      // Already closed by the server or the timer.
    }
  }
}
