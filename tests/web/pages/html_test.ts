import assert from "node:assert/strict";
import {
  escapeHtml,
  externalLink,
  markup,
  paragraphs,
  sitePath,
  webUrl,
} from "../../../lib/web/pages/html.ts";

Deno.test("markup escapes every value it is given, and keeps markup built the same way as it is", () => {
  const hostile = `<img src=x onerror="alert('x')">&`;
  const built = markup`<p title="${hostile}">${hostile}${markup`<b>${hostile}</b>`}</p>`.value;
  const escaped = escapeHtml(hostile);
  assert.equal(built, `<p title="${escaped}">${escaped}<b>${escaped}</b></p>`);
  assert.doesNotMatch(escaped, /[<>"'&](?![a-z#0-9]+;)/);
  assert.equal(markup`${undefined}${null}${false}${[1, "<", 2]}`.value, "1&lt;2");
});

Deno.test("only an absolute http(s) address is linked; anything else stays plain text", () => {
  assert.equal(webUrl("https://example.com/a b"), "https://example.com/a%20b");
  for (const url of ["javascript:alert(1)", "/relative", "data:text/html,x", "not a url"]) {
    assert.equal(webUrl(url), undefined, url);
    assert.equal(externalLink("<label>", url).value, "&lt;label&gt;", url);
  }
  assert.match(
    externalLink("Source", "https://example.com").value,
    /^<a href="https:\/\/example\.com\/"/,
  );
});

Deno.test("sitePath() keeps a slug on the site, and paragraphs() splits prose at blank lines", () => {
  assert.equal(sitePath("/metrics", "../../admin?x"), "/metrics/..%2F..%2Fadmin%3Fx");
  assert.equal(
    paragraphs("one\n  line\n\n\ntwo <b>", "lead").value,
    '<p class="lead">one line</p>\n<p class="lead">two &lt;b&gt;</p>\n',
  );
});
