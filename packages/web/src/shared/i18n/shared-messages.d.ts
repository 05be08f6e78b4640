/** One language of the shared catalogue, written by build/sharedMessages.ts. */
declare module 'virtual:shared-messages/*' {
  const strings: Readonly<Record<string, string>>;
  export default strings;
}
