/**
 * The Survey Results tile's badge on Home: in a module of its own so that
 * Home's chunk carries only this line (not the results texts, which the results screens share).
 */
export const ALERT_TILE_TEXT = {
  count: (n: number) => `${n} open alert${n === 1 ? '' : 's'}`,
  overdue: (n: number) => `${n} overdue`,
} as const;
