/**
 * Shows that `Deno.serve`'s graceful `shutdown()` cuts a pipelined answer when the client has sent
 * more requests than Deno has read: Deno closes the connection after the answer it is sending
 * without reading the rest, Linux answers a close with unread bytes by a reset (RST), and the
 * reset discards the answer bytes still in the server's send buffer. Requests that fit in Deno's
 * first read (512 bytes here) leave nothing unread, and the same shutdown cuts nothing.
 *
 * `deno run --allow-net=127.0.0.1 --allow-run=deno bench/studies/pipelined_shutdown.ts [runs]`
 *
 * A server child (`--serve`) answers every request with 450 KB; the client pipelines 15 or 30
 * requests of 27 bytes (405 or 810 bytes), reads slowly, and sends SIGTERM after 1 MB. Seen with
 * Deno 2.9.6 on Linux: every run of 30 requests ends in a reset with an answer cut; no run of 15.
 *
 * @module
 */

const BODY_BYTES = 450_000;
const REQUEST = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

/** The server: one 450 KB answer for every request; SIGTERM shuts it down gracefully. */
function serve(): void {
  const body = new Uint8Array(BODY_BYTES).fill(97);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(port) },
    () => new Response(body),
  );
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    Deno.exit(0);
  });
}

/** The answers in a byte stream, each "whole" or how many of its bytes arrived. */
function answersIn(bytes: Uint8Array): string[] {
  const answers: string[] = [];
  const text = new TextDecoder("latin1").decode(bytes);
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end < 0) return [...answers, "a head cut"];
    const declared = Number(/content-length: (\d+)/i.exec(text.slice(at, end))?.[1]);
    const received = Math.min(declared, text.length - end - 4);
    answers.push(received === declared ? "whole" : `${received} of ${declared} bytes`);
    at = end + 4 + received;
  }
  return answers;
}

/** One run: pipelines `count` requests, sends SIGTERM after 1 MB, reads to the end. */
async function run(count: number): Promise<{ cut: boolean; line: string }> {
  const child = new Deno.Command("deno", {
    args: ["run", "--allow-net=127.0.0.1", import.meta.filename ?? "", "--serve"],
    stdout: "piped",
  }).spawn();
  const port = Number(
    (await child.stdout.pipeThrough(new TextDecoderStream()).getReader().read()).value,
  );
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(REQUEST.repeat(count)));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const buffer = new Uint8Array(16 * 1024);
  let total = 0;
  let ended = "the server closed the connection";
  for (;;) {
    const read = await conn.read(buffer).catch((error: Error) => {
      ended = error.name;
      return null;
    });
    if (read === null) break;
    chunks.push(buffer.slice(0, read));
    if (total < 1_000_000 && total + read >= 1_000_000) child.kill("SIGTERM");
    total += read;
    if (total >= 1_000_000) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  conn.close();
  const { code } = await child.status;
  const answers = answersIn(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  const cut = answers.filter((answer) => answer !== "whole");
  return {
    cut: cut.length > 0,
    line: `${answers.length} answers, ${cut.length > 0 ? `cut: ${cut.join(", ")}` : "none cut"}; ` +
      `${ended}; exit ${code}`,
  };
}

if (Deno.args[0] === "--serve") {
  serve();
} else {
  const runs = Number(Deno.args[0] ?? 5);
  for (const count of [15, 30]) {
    let cuts = 0;
    console.log(`${count} pipelined requests (${count * REQUEST.length} bytes):`);
    for (let index = 1; index <= runs; index++) {
      const { cut, line } = await run(count);
      if (cut) cuts++;
      console.log(`  run ${index}: ${line}`);
    }
    console.log(`  ${cuts} of ${runs} runs cut an answer`);
  }
}
