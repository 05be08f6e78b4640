/**
 * One area's server-side texts (download headers, page messages) in both languages. English
 * defines the key set; Chinese must have exactly the same keys (a compile error otherwise).
 * Areas live beside each other so that work on different pages never edits one file.
 */
export function defineMessages<K extends string>(messages: {
  readonly en: { readonly [P in K]: string };
  readonly 'zh-CN': { readonly [P in NoInfer<K>]: string };
}): { readonly en: { readonly [P in K]: string }; readonly 'zh-CN': { readonly [P in K]: string } } {
  return messages;
}
