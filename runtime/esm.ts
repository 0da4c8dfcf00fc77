/** A real dynamic import that TypeScript's CommonJS output leaves alone (for ESM-only packages). */
export const importEsm = new Function('specifier', 'return import(specifier)') as <T = any>(
  specifier: string,
) => Promise<T>;
