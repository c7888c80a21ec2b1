import assert from "node:assert/strict";
import { groupedNumber, possessive } from "../lib/read/text.ts";

/** Numbers of every shape a formatter meets: halves, carries, tiny, huge, negative, zero. */
function sampleNumbers(): number[] {
  let seed = 20261125;
  // A 32-bit xorshift: every draw is a new state until 2^32 - 1 of them.
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  const fixed = (
    "0 -0 1 -1 0.5 1.005 2.345 2.675 0.125 0.0049999 0.005 9.995 99.995 999.5 999999.5 1e-7 " +
    "5e-7 -5e-7 1e21 1.5e21 123456789012345680000 0.30000000000000004 0.3333333333333333 " +
    "4.35 1.45 8.345 1234.5678 -1234.5678 0.000001 0.0000015 0.0000005 9.9999995 " +
    "9007199254740991 5e-324 1.7976931348623157e308 NaN Infinity -Infinity"
  ).split(" ").map(Number);
  const drawn: number[] = [];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(random() * 30 - 12);
    const value = random() * magnitude * (random() < 0.3 ? -1 : 1);
    drawn.push(value);
    // Short decimals, where halves sit exactly on a rounding boundary.
    const places = Math.floor(random() * 8);
    drawn.push(Number((Math.floor(random() * 10 ** (places + 3)) / 10 ** places).toFixed(places)));
    drawn.push(Number(`${Math.floor(random() * 1000)}.${"9".repeat(places)}5`));
  }
  return [...fixed, ...drawn];
}

Deno.test("groupedNumber() writes what Intl.NumberFormat en-US writes, for 0 to 6 decimals", () => {
  for (let fractionDigits = 0; fractionDigits <= 6; fractionDigits++) {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: fractionDigits });
    for (const value of sampleNumbers()) {
      assert.equal(
        groupedNumber(value, fractionDigits),
        intl.format(value),
        `${value} with ${fractionDigits} decimals`,
      );
    }
  }
});

Deno.test("possessive() gives a name ending in s an apostrophe alone, and any other name 's", () => {
  assert.equal(possessive("Bessemer Venture Partners"), "Bessemer Venture Partners'");
  assert.equal(possessive("Sean Ellis"), "Sean Ellis'");
  assert.equal(possessive("Recurly"), "Recurly's");
  assert.equal(possessive("OpenView"), "OpenView's");
});
