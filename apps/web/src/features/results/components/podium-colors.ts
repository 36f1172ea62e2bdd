/** Background of ranks 1 to 3 (spec 9: default podium size 3), the same in tables and cards. */
export const PODIUM_COLORS: Record<number, string> = {
  1: 'var(--mantine-color-yellow-2)',
  2: 'var(--mantine-color-gray-3)',
  3: 'var(--mantine-color-orange-2)',
};
