import assert from "node:assert/strict";
import { UNITS } from "../../lib/catalog/lists.ts";
import { formatValue, unitLabel } from "../../lib/read/words.ts";
import { createHandler, loadCatalog } from "../../lib/mod.ts";

Deno.test("unitLabel() is the label formatValue() writes beside a number, and a bare unit's name", () => {
  for (const unit of UNITS) {
    const label = unitLabel(unit);
    const one = unitLabel(unit, { one: true });
    if (unit === "ratio" || unit === "count") {
      assert.equal(formatValue(2, unit), "2");
      assert.equal(label, unit);
    } else {
      assert.ok(formatValue(2, unit).includes(label), `${unit}: ${formatValue(2, unit)}`);
      assert.ok(formatValue(1, unit).includes(one), `${unit}: ${formatValue(1, unit)}`);
    }
  }
  assert.equal(unitLabel("usd"), "$");
  assert.equal(unitLabel("days", { one: true }), "day");
});

Deno.test("a dollar metric's form and chart name the unit $, not a number in it", async () => {
  const handler = createHandler(await loadCatalog(), { baseUrl: "https://metrics.example" });
  const response = await handler(
    new Request("https://metrics.example/metrics/annual-recurring-revenue"),
  );
  const html = await response.text();
  assert.match(html, /Your value \(\$\) <input/);
  assert.match(html, /the figures in \$, on a scale from \$0/);
});
