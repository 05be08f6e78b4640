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

/**
 * Every area's messages, by name: each messages.ts adds its own entry by declaration merging,
 *
 *   declare module '../../shared/i18n/area.js' {
 *     interface WebAreas { hot: typeof hotMessages }
 *   }
 *
 * so the web's key type (locales.ts `WebMessageKey`) is assembled from the areas without this folder
 * importing any of them. An area that forgets the entry cannot use its own keys: `t()` rejects them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each area's messages.ts.
export interface WebAreas {}

/** The keys of every area in WebAreas. */
export type WebAreaKey = {
  [N in keyof WebAreas]: WebAreas[N] extends AreaMessages<infer K> ? K : never;
}[keyof WebAreas];
