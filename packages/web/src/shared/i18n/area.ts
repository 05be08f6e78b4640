/**
 * One area's strings in both languages. Write `defineArea({ 'zh-CN': {…}, en: {…} })`: the key set
 * of zh-CN is the area's, and English must have exactly the same keys (a compile error otherwise).
 */
export interface AreaMessages<K extends string> {
  readonly 'zh-CN': { readonly [P in K]: string };
  readonly en: { readonly [P in K]: string };
}

export function defineArea<K extends string>(messages: {
  readonly 'zh-CN': { readonly [P in K]: string };
  readonly en: { readonly [P in NoInfer<K>]: string };
}): AreaMessages<K> {
  return messages;
}
