/** Built-in summary templates (README › API notes); custom ones are `tpl_` ids. */
export const BUILT_IN_TEMPLATES = ['general', 'sales', 'interview', 'standup', 'one_on_one'];

/** A BCP-47 language tag in its common shapes: `en`, `en-US`, `zh-Hant-TW`, `es-419`. */
export function isLanguageTag(value: string): boolean {
  return /^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|\d{3}))?$/.test(value);
}
