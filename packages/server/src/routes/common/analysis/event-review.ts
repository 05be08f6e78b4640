import { EVENT_REVIEW_ENDPOINTS, EVENT_REVIEW_SCHEMAS } from '@marketlens/shared/contracts';
import { eventReview } from '../../../analytics/pages/event-review.js';
import type { Area } from './register.js';

/**
 * The event review (docs/metrics.md "Event review"): a panel of Category Insight and Brand Detail;
 * the handler picks its fields and calls the page module (analytics/pages/event-review.ts).
 */
export const eventReviewArea: Area<typeof EVENT_REVIEW_SCHEMAS> = {
  tag: 'event-review',
  endpoints: EVENT_REVIEW_ENDPOINTS,
  schemas: EVENT_REVIEW_SCHEMAS,
  summaries: {
    review: 'Event review: an edition of a calendar event against its previous edition',
  },
  handlers: {
    review: (a, b) =>
      eventReview(a, {
        ...(b.event_code !== undefined ? { event: b.event_code } : {}),
        ...(b.event_year !== undefined ? { year: b.event_year } : {}),
        ...(b.brand_id !== undefined ? { brandId: b.brand_id } : {}),
        ...(b.top !== undefined ? { top: b.top } : {}),
      }),
  },
};
