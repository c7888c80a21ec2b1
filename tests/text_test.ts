import assert from "node:assert/strict";
import { groupedNumber, possessive } from "../lib/read/text.ts";

Deno.test("groupedNumber() writes thousands separators and at most the decimals asked for", () => {
  assert.equal(groupedNumber(1234567.891, 2), "1,234,567.89");
  assert.equal(groupedNumber(200000, 6), "200,000");
  assert.equal(groupedNumber(0.125, 6), "0.125");
  assert.equal(groupedNumber(2.5, 0), "3");
  assert.equal(groupedNumber(-1234.5, 2), "-1,234.5");
});

Deno.test("possessive() gives a name ending in s an apostrophe alone, and any other name 's", () => {
  assert.equal(possessive("Bessemer Venture Partners"), "Bessemer Venture Partners'");
  assert.equal(possessive("Sean Ellis"), "Sean Ellis'");
  assert.equal(possessive("Recurly"), "Recurly's");
  assert.equal(possessive("OpenView"), "OpenView's");
});
