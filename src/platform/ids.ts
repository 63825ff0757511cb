/** Identifiers: uuids, or kind-prefixed ids where the spec gives a kind. */
export function newId(prefix?: string): string {
  const id = crypto.randomUUID();
  return prefix ? `${prefix}_${id.replaceAll("-", "")}` : id;
}
