/**
 * Every string and number in a JSON value, as text, by its path (`sources[0].url`), found by
 * walking it recursively.
 */
export function leaves(value: unknown, path = ""): { path: string; value: string }[] {
  if (typeof value === "string") return [{ path, value }];
  if (typeof value === "number") return [{ path, value: String(value) }];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  }
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, path === "" ? key : `${path}.${key}`)
    );
  }
  return [];
}
