/**
 * Sales-team states of a price enquiry. Apart from the contract (contracts/price.ts builds its schema
 * from it) so that a screen listing the states does not load TypeBox and the schemas.
 */
export const ORDER_STATUSES = ['new', 'contacted', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
