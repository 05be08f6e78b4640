import { defineMessages } from './area.js';

/** Texts of the shop area (keys prefixed 'shop.'): the shop filter's rule, errors, downloads. */
export const shopMessages = defineMessages({
  en: {
    'shop.filter.sourceNeedsShop': 'Channel source requires a shop selection first.',
    'shop.noneSelected': 'Choose at least one shop.',
    'shop.tooMany': 'Choose at most {count} shops.',
    'shop.tooMany_one': 'Choose at most {count} shop.',
    'shop.notFound': 'The shop does not exist in the project data.',
    'shop.noAccess': 'You have no access to this shop. Contact an administrator to request access.',
    'shop.download.rankingsTitle': 'Store analysis — shop rankings',
    'shop.download.file.rankings': 'shop-rankings',
    'shop.channelType.flagship': 'Flagship',
    'shop.channelType.specialty': 'Specialty',
    'shop.channelType.franchise': 'Franchise',
    'shop.channelType.supermarket': 'Supermarket (self-run)',
    'shop.channelType.global': 'Cross-border (global)',
    'shop.channelType.others': 'Others',
  },
  'zh-CN': {
    'shop.filter.sourceNeedsShop': '请先选择店铺，再选择渠道来源',
    'shop.noneSelected': '请至少选择一个店铺',
    'shop.tooMany': '最多选择 {count} 个店铺',
    'shop.tooMany_one': '最多选择 {count} 个店铺',
    'shop.notFound': '店铺不存在于该项目的数据中',
    'shop.noAccess': '您没有该店铺的数据权限，请联系管理员开通',
    'shop.download.rankingsTitle': '店铺分析 — 店铺排行',
    'shop.download.file.rankings': '店铺排行',
    'shop.channelType.flagship': '旗舰店',
    'shop.channelType.specialty': '专卖店',
    'shop.channelType.franchise': '专营店',
    'shop.channelType.supermarket': '超市（自营）',
    'shop.channelType.global': '跨境（海外）',
    'shop.channelType.others': '其他',
  },
});
