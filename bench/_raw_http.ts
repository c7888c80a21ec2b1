/**
 * One HTTP/1.1 exchange over a plain TCP socket, reading the bytes exactly as sent: unlike
 * `fetch`, nothing is decompressed, so the benchmark can compare what two servers put on the wire.
 *
 * @module
 */

/** An answer as it came over the wire. */
export interface WireAnswer {
  status: number;
  /** Header names in lowercase. */
  headers: Map<string, string>;
  body: Uint8Array;
}

const CRLFCRLF = [13, 10, 13, 10];

/** Sends `GET path` with the given headers and `Connection: close`, and reads the whole answer. */
export async function getRaw(
  port: number,
  path: string,
  { headers = {} }: { headers?: Record<string, string> } = {},
): Promise<WireAnswer> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      "Connection: close",
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const request = new TextEncoder().encode(`${lines.join("\r\n")}\r\n\r\n`);
    for (let written = 0; written < request.length;) {
      written += await conn.write(request.subarray(written));
    }
    const bytes = new Uint8Array(await new Response(conn.readable).arrayBuffer());
    return parseAnswer(bytes, `${path} on port ${port}`);
  } finally {
    try {
      conn.close();
    } catch {
      // Closed when the readable ended.
    }
  }
}

function parseAnswer(bytes: Uint8Array, what: string): WireAnswer {
  const split = indexOf(bytes, CRLFCRLF);
  if (split < 0) throw new Error(`No complete answer for ${what}`);
  const [statusLine = "", ...lines] = new TextDecoder().decode(bytes.subarray(0, split)).split(
    "\r\n",
  );
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) {
    throw new Error(`A chunked answer for ${what} cannot be compared byte for byte`);
  }
  const length = headers.get("content-length");
  const rest = bytes.subarray(split + 4);
  const body = length === undefined ? rest : rest.subarray(0, Number(length));
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

function indexOf(bytes: Uint8Array, pattern: number[]): number {
  outer: for (let i = 0; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
