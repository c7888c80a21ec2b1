import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256Base64url } from "../../lib/catalog/digest.ts";

Deno.test("sha256Base64url() gives the SHA-256 that node:crypto gives, in base64url without padding", async () => {
  for (const text of ["", "churn rate", "é ✓ ".repeat(100)]) {
    const bytes = new TextEncoder().encode(text);
    const expected = createHash("sha256").update(bytes).digest("base64url");
    const digest = await sha256Base64url(bytes);
    assert.equal(digest, expected, JSON.stringify(text));
    assert.doesNotMatch(digest, /[+/=]/);
  }
  assert.notEqual(
    await sha256Base64url(new TextEncoder().encode("a")),
    await sha256Base64url(new TextEncoder().encode("b")),
  );
});
