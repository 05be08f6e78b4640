/** Platforms of docs/product.md §1 with their display names; codes are the ones in dim_platform.code. */
export interface PlatformInfo {
  readonly code: PlatformCode;
  readonly name_zh: string;
  readonly name_en: string;
  readonly region: string;
}

export const PLATFORM_CODES = [
  'tmall',
  'jd',
  'taobao',
  'pdd',
  'douyin',
  'suning',
  'kaola',
  'amazon',
  'shopee',
  'lazada',
  'tokopedia',
  'blibli',
  'meituan',
  'vipshop',
  'yunji',
  'others',
] as const;
export type PlatformCode = (typeof PLATFORM_CODES)[number];

export const PLATFORMS: readonly PlatformInfo[] = [
  { code: 'tmall', name_zh: '天猫', name_en: 'Tmall', region: 'CN' },
  { code: 'jd', name_zh: '京东', name_en: 'JD', region: 'CN' },
  { code: 'taobao', name_zh: '淘宝', name_en: 'Taobao', region: 'CN' },
  { code: 'pdd', name_zh: '拼多多', name_en: 'Pinduoduo', region: 'CN' },
  { code: 'douyin', name_zh: '抖音', name_en: 'Douyin', region: 'CN' },
  { code: 'suning', name_zh: '苏宁易购', name_en: 'Suning', region: 'CN' },
  { code: 'kaola', name_zh: '考拉海购', name_en: 'Kaola', region: 'CN' },
  { code: 'amazon', name_zh: '亚马逊', name_en: 'Amazon', region: 'US' },
  { code: 'shopee', name_zh: '虾皮', name_en: 'Shopee', region: 'SEA' },
  { code: 'lazada', name_zh: '来赞达', name_en: 'Lazada', region: 'SEA' },
  { code: 'tokopedia', name_zh: 'Tokopedia', name_en: 'Tokopedia', region: 'ID' },
  { code: 'blibli', name_zh: 'Blibli', name_en: 'Blibli', region: 'ID' },
  { code: 'meituan', name_zh: '美团', name_en: 'Meituan', region: 'CN' },
  { code: 'vipshop', name_zh: '唯品会', name_en: 'Vipshop', region: 'CN' },
  { code: 'yunji', name_zh: '云集', name_en: 'Yunji', region: 'CN' },
  { code: 'others', name_zh: '其他', name_en: 'Others', region: 'CN' },
];

export function platformByCode(code: string): PlatformInfo | undefined {
  return PLATFORMS.find((p) => p.code === code);
}
