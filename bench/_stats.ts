/**
 * Small helpers for the benchmark reports: medians and number formatting.
 *
 * @module
 */

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error("The median of no values is undefined");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** A number with `digits` decimals and thousands separators. */
export function fmt(value: number, digits = 0): string {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** A Markdown table from a header row and body rows. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length), 3)
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 3)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}

/** "met" or "MISSED", for a target line. */
export function verdict(met: boolean): string {
  return met ? "met" : "MISSED";
}
