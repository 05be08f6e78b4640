import { defineMessages } from './area.js';

/** Texts of the hot area (keys prefixed 'hot.'). */
export const hotMessages = defineMessages({
  en: {
    'hot.baseRequired': 'Growth needs a comparison period: choose one or switch to month on month or year on year.',
    'hot.unknownCategory': 'The category {id} does not exist in this data scope.',
    'hot.hidingOff': 'This project does not hide keywords.',
    'hot.tooManyHidden': 'A project can hide at most {count} keywords.',
    'hot.tooManyHidden_one': 'A project can hide at most {count} keyword.',
    'hot.rising.noneRanked': 'Nothing stands out: no item had base sales large enough to be ranked (at least {min}).',
  },
  'zh-CN': {
    'hot.baseRequired': '计算增长需要对比周期：请选择对比周期，或改为环比或同比',
    'hot.unknownCategory': '当前数据范围中不存在品类 {id}',
    'hot.hidingOff': '该项目未开启关键词隐藏',
    'hot.tooManyHidden': '一个项目最多可隐藏 {count} 个关键词',
    'hot.tooManyHidden_one': '一个项目最多可隐藏 {count} 个关键词',
    'hot.rising.noneRanked': '没有突出项：没有任何一项的基期销售额达到排名门槛（至少 {min}）。',
  },
});
