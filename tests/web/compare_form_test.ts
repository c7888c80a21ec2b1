import assert from "node:assert/strict";
import { compareInputFrom } from "../../lib/web/compare_form.ts";

Deno.test("compareInputFrom() reads the value as typed, the period, and every other field as a segment key", () => {
  const read = compareInputFrom(
    new URLSearchParams({ value: " 3% ", per: "month", Model: "B2B", stage: "", region: " EU " }),
  );
  assert.deepEqual(read, {
    ok: true,
    input: { value: "3%", per: "month", segment: { model: "B2B", region: "EU" } },
    fields: { value: "3%", per: "month", segment: { model: "B2B", region: "EU" } },
  });
  const withoutPeriod = compareInputFrom(new URLSearchParams({ value: "$30k" }));
  assert.ok(withoutPeriod.ok);
  assert.equal("per" in withoutPeriod.input, false, "an empty period is left out");
});

Deno.test("compareInputFrom() refuses a missing value and a field given twice, keeping what was typed", () => {
  const missing = compareInputFrom(new URLSearchParams({ value: "  ", per: "year" }));
  assert.deepEqual(missing, {
    ok: false,
    error: "The value is missing",
    fields: { value: "", per: "year", segment: {} },
  });
  const twice = compareInputFrom(new URLSearchParams("value=1&model=a&model=b"));
  assert.equal(twice.ok, false);
  assert.equal(!twice.ok && twice.error, 'Give "model" once');
  const long = compareInputFrom(new URLSearchParams({ value: "9".repeat(500) }));
  assert.equal(long.fields.value.length, 100, "a field is read to 100 characters at most");
});
