/**
 * Wire contract of the event review (docs/metrics.md "Event review"): an edition of a calendar event
 * (Double 11 2025) against the same event's previous edition, for the page's selection — sales,
 * units, average price and share over the periods each window covers, and the brands (Category
 * Insight) or SKUs (Brand Detail) that gained and lost most between the two. The windows are those
 * of the event-aligned comparison (event-windows.ts), so the review and "same event last year" agree.
 */
import { type Static, Type } from 'typebox';
import { FilterBody, Warnings } from './common.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Range = Type.Object({ start: Type.String(), end: Type.String() });
const Named = { name: Type.String(), name_en: Type.String() };

/** Rows listed per direction (gaining, losing). */
export const EVENT_REVIEW_TOP_MAX = 20;
export const EVENT_REVIEW_TOP_DEFAULT = 5;

export const EventReviewBody = FilterBody({
  /** The event's code (double11); absent: the latest edition that has a predecessor in the data. */
  event_code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Its edition; absent: the latest of that event that has a predecessor in the data. */
  event_year: Type.Optional(Type.Integer()),
  /** Review this brand in its market (Brand Detail): its SKUs are ranked; without it the market's brands are. */
  brand_id: Type.Optional(Type.Integer({ minimum: 0 })),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENT_REVIEW_TOP_MAX })),
});
export type EventReviewBody = Static<typeof EventReviewBody>;

/** One edition as the review names it, with the periods that cover it. */
export const ReviewedEdition = Type.Object({
  code: Type.String(),
  year: Type.Integer(),
  ...Named,
  /** The window, inclusive days. */
  start: Type.String(),
  end: Type.String(),
  /** The periods (month starts or Mondays) whose figures are compared. */
  periods: Range,
});
export type ReviewedEdition = Static<typeof ReviewedEdition>;

/** Sales, units, average price and share over an edition's periods. */
export const ReviewFigures = Type.Object({
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Of the market: the brand's in its market, the selected categories' in all categories; null without one. */
  share: Num,
});
export type ReviewFigures = Static<typeof ReviewFigures>;

/** A brand or a SKU that gained or lost between the editions. */
export const ReviewMover = Type.Object({
  id: Type.Number(),
  ...Named,
  /** A SKU's shop and platform (the same title is sold by several shops); absent for a brand. */
  shop: Type.Optional(Type.Object({ ...Named })),
  platform: Type.Optional(Type.Object({ code: Type.String(), ...Named })),
  sales: Type.Number(),
  base_sales: Type.Number(),
  /** sales − base_sales. */
  change: Type.Number(),
  /** Of the reviewed selection in each edition. */
  share: Num,
  base_share: Num,
  share_change: Num,
});
export type ReviewMover = Static<typeof ReviewMover>;

export const EventReviewAnswer = Type.Object({
  /** The editions that can be reviewed (each has a predecessor inside the data), latest first. */
  choices: Type.Array(Type.Object({ code: Type.String(), year: Type.Integer(), ...Named })),
  /** The reviewed edition and its predecessor; null when the dataset has no calendar or no edition qualifies. */
  event: Type.Union([ReviewedEdition, Type.Null()]),
  predecessor: Type.Union([ReviewedEdition, Type.Null()]),
  /** The windows differ in length (days) or in periods. */
  unequal: Type.Boolean(),
  /** Months hold days outside the windows: whole months are compared. */
  approximate: Type.Boolean(),
  current: ReviewFigures,
  base: ReviewFigures,
  growth: Type.Object({ sales: Num, count: Num, avg_price: Num }),
  /** share − base share (ratio); null without shares. */
  share_change: Num,
  /** What the movers are: the market's brands, or the brand's SKUs. */
  movers_kind: Type.Union([Type.Literal('brand'), Type.Literal('sku')]),
  gainers: Type.Array(ReviewMover),
  losers: Type.Array(ReviewMover),
  warnings: Warnings,
});
export type EventReviewAnswer = Static<typeof EventReviewAnswer>;

export const EVENT_REVIEW_SCHEMAS = {
  review: { body: EventReviewBody, data: EventReviewAnswer },
} as const;
