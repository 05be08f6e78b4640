import { defineMessages } from './area.js';

/** Texts of the brand area (keys prefixed 'brand.'). */
export const brandMessages = defineMessages({
  en: {
    'brand.notFound': 'The brand does not exist in the project data.',
    'brand.noAccess': 'You have no access to this brand. Contact an administrator to request access.',
    'brand.noAccessIds': 'You have no access to these brands: {ids}. Contact an administrator to request access.',
    'brand.characters.title': 'Brand characters',
    'brand.characters.sheet.attributes': 'Attribute values',
    'brand.characters.sheet.priceBands': 'Price bands',
    'brand.characters.sheet.keywords': 'Title keywords',
    'brand.characters.col.attribute': 'Attribute',
    'brand.characters.col.value': 'Value',
    'brand.characters.col.band': 'Price band',
    'brand.characters.col.keyword': 'Keyword',
    'brand.characters.col.brandSales': 'Brand sales in the segment',
    'brand.characters.col.segmentSales': 'Segment sales',
    'brand.characters.col.shareInSegment': 'Brand share in the segment',
    'brand.characters.col.tgi': 'TGI',
    'brand.characters.col.distinction': 'Distinction index',
    'brand.characters.wholeMarket':
      'Nothing stands out: this brand is the whole market of the filter, so its share is 100 % in every segment (TGI 100).',
  },
  'zh-CN': {
    'brand.notFound': '品牌不存在于该项目的数据中',
    'brand.noAccess': '您没有该品牌的数据权限，请联系管理员开通',
    'brand.noAccessIds': '您没有以下品牌的数据权限：{ids}，请联系管理员开通',
    'brand.characters.title': '品牌特征',
    'brand.characters.sheet.attributes': '属性值',
    'brand.characters.sheet.priceBands': '价格段',
    'brand.characters.sheet.keywords': '标题关键词',
    'brand.characters.col.attribute': '属性',
    'brand.characters.col.value': '属性值',
    'brand.characters.col.band': '价格段',
    'brand.characters.col.keyword': '关键词',
    'brand.characters.col.brandSales': '品牌在该细分的销售额',
    'brand.characters.col.segmentSales': '细分市场销售额',
    'brand.characters.col.shareInSegment': '品牌在该细分的份额',
    'brand.characters.col.tgi': 'TGI 指数',
    'brand.characters.col.distinction': '区分度指数',
    'brand.characters.wholeMarket':
      '没有突出项：该品牌即筛选范围内的整个市场，在每个细分中的份额都是 100%（TGI 为 100）。',
  },
});
