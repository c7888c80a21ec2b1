import assert from "node:assert/strict";
import { editDistance, groupedNumber, possessive } from "../../lib/read/text.ts";

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

/** The distance with the whole table and no shortcut: insertions, deletions, substitutions, swaps. */
function fullDistance(a: string, b: string): number {
  const table = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = table[i]!;
      row[j] = Math.min(
        table[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, table[i - 2]![j - 2]! + 1);
      }
    }
  }
  return table[a.length]![b.length]!;
}

Deno.test("editDistance() with a bound gives the distance up to it and one past it beyond", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () =>
    Array.from({ length: Math.floor(random() * 10) }, () => "abc"[Math.floor(random() * 3)])
      .join("");
  for (let round = 0; round < 3000; round++) {
    const [a, b] = [word(), word()];
    const distance = fullDistance(a, b);
    for (const bound of [0, 1, 2, 3, Infinity]) {
      const expected = distance <= bound ? distance : bound + 1;
      assert.equal(
        editDistance(a, b, { atMost: bound }),
        expected,
        `"${a}", "${b}" within ${bound}`,
      );
    }
  }
  assert.equal(editDistance("chrun", "churn", { atMost: 1 }), 1);
  assert.equal(editDistance("no-such-metric", "churn-rate", { atMost: 3 }), 4);
});
