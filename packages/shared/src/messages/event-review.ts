import { defineMessages } from './area.js';

/** Texts of the event review (keys prefixed 'eventReview.'). */
export const eventReviewMessages = defineMessages({
  en: {
    'eventReview.unknownEdition':
      'There is no edition "{code} {year}" with a previous edition inside the data to review; choose one of the list.',
    'eventReview.noEdition': 'No event of the calendar has two editions inside the data yet.',
  },
  'zh-CN': {
    'eventReview.unknownEdition': '没有可复盘的活动届次“{code} {year}”（需要数据内的上一届），请从列表中选择',
    'eventReview.noEdition': '活动日历中还没有两届都在数据范围内的活动',
  },
});
