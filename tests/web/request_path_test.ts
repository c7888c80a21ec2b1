import assert from "node:assert/strict";
import { Problem } from "../../lib/problem.ts";
import {
  PATH_ERRORS,
  REFUSED_CHARACTERS,
  REFUSED_SEGMENTS,
  requestPath,
} from "../../lib/web/request_path.ts";
import { MAX_PATH_LENGTH } from "../../lib/policy.ts";

/** The status and message `requestPath` throws for a target, or the path it reads. */
function read(target: string): string | [number, string] {
  try {
    return requestPath(`http://localhost${target}`);
  } catch (error) {
    assert.ok(error instanceof Problem);
    return [error.status, error.message];
  }
}

Deno.test("requestPath() refuses every character of REFUSED_CHARACTERS, percent-encoded, and reads the other ASCII ones", () => {
  const refused = new Set(
    REFUSED_CHARACTERS.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => first + index)
    ),
  );
  for (let point = 0; point < 0x80; point++) {
    const encoded = `%${point.toString(16).padStart(2, "0")}`;
    const expected = refused.has(point)
      ? [400, PATH_ERRORS.refused]
      : `/a${String.fromCharCode(point)}b`;
    assert.deepEqual(read(`/a${encoded}b`), expected, encoded);
  }
});

Deno.test("requestPath() refuses the REFUSED_SEGMENTS as written and encoded, and reads others with dots", () => {
  for (const segment of REFUSED_SEGMENTS) {
    for (
      const written of [segment, segment.replaceAll(".", "%2E"), segment.replaceAll(".", "%2e")]
    ) {
      assert.deepEqual(read(`/api/${written}/x`), [400, PATH_ERRORS.refused], written);
    }
  }
  assert.equal(read("/api/.../x"), "/api/.../x");
  assert.equal(read("/metrics/a.md/"), "/metrics/a.md");
});

Deno.test("requestPath() refuses percent-encoding that is not UTF-8 and paths over the length limit", () => {
  for (const target of ["/%ZZ", "/%E0%A4%A", "/%FF", "/%C0%AF", "/%ED%A0%80"]) {
    assert.deepEqual(read(target), [400, PATH_ERRORS.malformed], target);
  }
  assert.equal(read("/%C3%A9"), "/é");
  assert.equal(read(`/${"x".repeat(MAX_PATH_LENGTH - 1)}`), `/${"x".repeat(MAX_PATH_LENGTH - 1)}`);
  assert.deepEqual(read(`/${"x".repeat(MAX_PATH_LENGTH)}`), [414, PATH_ERRORS.tooLong]);
});
