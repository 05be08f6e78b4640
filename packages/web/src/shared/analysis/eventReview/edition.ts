/**
 * The reviewed edition in the URL: 'code:year' (double11:2025); absent, or anything else, is the
 * latest edition the server can review. Pure, so the page declarations and tests load it without React.
 */
export interface EditionChoice {
  readonly code: string;
  readonly year: number;
}

const FORM = /^([\w.-]{1,64}):(\d{4})$/;

export function parseEdition(raw: string | null): EditionChoice | null {
  const m = raw === null ? null : FORM.exec(raw);
  return m ? { code: m[1]!, year: Number(m[2]) } : null;
}

export const editionKey = (e: EditionChoice): string => `${e.code}:${e.year}`;
