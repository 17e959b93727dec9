/** A timestamptz column as ISO-8601 UTC text, the form every API answer uses. */
export function iso(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
