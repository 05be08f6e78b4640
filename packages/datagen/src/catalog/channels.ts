/**
 * Platforms of each market with their channels (dim_channel) and share trajectories. Weights are
 * relative attractiveness: within a brand, a platform's share of the brand's sales follows them.
 */
import type { PlatformCode, ShopType } from '@marketlens/shared';
import type { Region } from '../calendar.js';
import type { Knots } from './dsl.js';
import { knots } from './dsl.js';

export interface ChannelDef {
  readonly type: ShopType;
  readonly zh: string;
  readonly en: string;
  /** Share weight of a listing in this channel relative to a flagship listing. */
  readonly weight: number;
  /** How readily products get listed here (multiplies the per-type listing probability). */
  readonly reach: number;
  /** Fractional year the channel opened / closed; a closed channel is inactive (is_active false). */
  readonly from?: number;
  readonly until?: number;
  /** Shop name templates: {b} brand, {p} shop prefix, {c} category, {city}. */
  readonly shopZh: string;
  readonly shopEn: string;
}

export interface PlatformDef {
  readonly code: PlatformCode;
  /** Relative weight over the years (knots of [year, weight]). */
  readonly weight: Knots;
  /** Fractional year the platform started selling. */
  readonly from: number;
  /** Probability that an average brand sells here. */
  readonly presence: number;
  /** Extra discount depth of the platform (flash sales, subsidies). */
  readonly discount: number;
  /** Level-1 category ids this platform is especially strong (×2.5) or weak (×0.3) in. */
  readonly strong?: readonly number[];
  readonly weak?: readonly number[];
  /** Import brands are much more likely here (cross-border platforms). */
  readonly importFocus?: boolean;
  readonly channels: readonly ChannelDef[];
}

type ChannelInit = Omit<ChannelDef, 'weight' | 'reach' | 'shopZh' | 'shopEn'> &
  Partial<Pick<ChannelDef, 'weight' | 'reach' | 'shopZh' | 'shopEn'>>;

const SHOP_TEMPLATES: Record<ShopType, [string, string]> = {
  flagship: ['{b}官方旗舰店', '{b} Official Flagship Store'],
  specialty: ['{b}{city}专卖店', '{b} {city} Specialty Store'],
  franchise: ['{p}{c}专营店', '{p} {c} Franchise Store'],
  supermarket: ['{ch}·{c}', '{ch} · {c}'],
  global: ['{p}海外{c}专营店', '{p} Overseas {c} Store'],
  others: ['{p}{c}{s}', '{p} {c} {s}'],
};

function ch(init: ChannelInit): ChannelDef {
  const [shopZh, shopEn] = SHOP_TEMPLATES[init.type];
  return { weight: 1, reach: 1, shopZh, shopEn, ...init };
}

export const CN_PLATFORMS: readonly PlatformDef[] = [
  {
    code: 'tmall',
    weight: knots(2017, 32, 2020, 32, 2023, 27, 2026, 24),
    from: 2010,
    presence: 0.92,
    discount: 0,
    channels: [
      ch({
        type: 'flagship',
        zh: '天猫旗舰店',
        en: 'Tmall Flagship Stores',
        shopZh: '{b}旗舰店',
        shopEn: '{b} Flagship Store',
      }),
      ch({ type: 'specialty', zh: '天猫专卖店', en: 'Tmall Specialty Stores', weight: 0.3 }),
      ch({ type: 'franchise', zh: '天猫专营店', en: 'Tmall Franchise Stores', weight: 0.35 }),
      ch({ type: 'supermarket', zh: '天猫超市', en: 'Tmall Supermarket', weight: 0.6 }),
      ch({ type: 'global', zh: '天猫国际', en: 'Tmall Global', weight: 0.5 }),
      ch({ type: 'others', zh: '其他店铺', en: 'Other Stores', weight: 0.15, reach: 0.5 }),
    ],
  },
  {
    code: 'jd',
    weight: knots(2017, 22, 2021, 24, 2026, 21),
    from: 2010,
    presence: 0.82,
    discount: 0,
    channels: [
      ch({ type: 'flagship', zh: '京东旗舰店', en: 'JD Flagship Stores', weight: 0.6 }),
      ch({ type: 'specialty', zh: '京东专卖店', en: 'JD Specialty Stores', weight: 0.25 }),
      ch({ type: 'franchise', zh: '京东专营店', en: 'JD Franchise Stores', weight: 0.3 }),
      ch({ type: 'supermarket', zh: '京东自营', en: 'JD Self-operated', weight: 0.9, reach: 1.5 }),
      ch({ type: 'global', zh: '京东国际', en: 'JD Worldwide', weight: 0.4 }),
      ch({ type: 'others', zh: '其他店铺', en: 'Other Stores', weight: 0.1, reach: 0.4 }),
    ],
  },
  {
    code: 'taobao',
    weight: knots(2017, 26, 2020, 20, 2023, 14, 2026, 11),
    from: 2010,
    presence: 0.6,
    discount: 0.03,
    channels: [
      ch({ type: 'franchise', zh: '淘宝企业店', en: 'Taobao Business Shops', weight: 0.6, reach: 1.8 }),
      ch({ type: 'global', zh: '淘宝全球购', en: 'Taobao Global Buy', weight: 0.4, until: 2020.5 }),
      ch({
        type: 'others',
        zh: '淘宝C店',
        en: 'Taobao C2C Shops',
        weight: 1,
        reach: 2.5,
        shopZh: '{p}的{c}{s}',
        shopEn: "{p}'s {c} {s}",
      }),
    ],
  },
  {
    code: 'pdd',
    weight: knots(2017, 3, 2019, 8, 2021, 12, 2024, 15, 2026, 16),
    from: 2015.7,
    presence: 0.45,
    discount: 0.08,
    channels: [
      ch({ type: 'flagship', zh: '拼多多品牌旗舰店', en: 'Pinduoduo Brand Flagship Stores', from: 2018.4 }),
      ch({ type: 'franchise', zh: '拼多多专营店', en: 'Pinduoduo Franchise Stores', weight: 0.5 }),
      ch({ type: 'supermarket', zh: '多多买菜', en: 'Duoduo Grocery', weight: 0.3, from: 2020.7 }),
      ch({ type: 'global', zh: '拼多多海淘', en: 'Pinduoduo Cross-border', weight: 0.2, until: 2022 }),
      ch({ type: 'others', zh: '拼多多普通店', en: 'Pinduoduo Regular Shops', weight: 0.9, reach: 2 }),
    ],
  },
  {
    code: 'douyin',
    weight: knots(2018, 0.2, 2019, 1.5, 2020, 5, 2021, 10, 2022, 15, 2024, 21, 2026, 24),
    from: 2018.35,
    presence: 0.55,
    discount: 0.05,
    channels: [
      ch({ type: 'flagship', zh: '抖音官方旗舰店', en: 'Douyin Official Flagship Stores' }),
      ch({ type: 'franchise', zh: '抖音专营店', en: 'Douyin Franchise Stores', weight: 0.4 }),
      ch({ type: 'supermarket', zh: '抖音超市', en: 'Douyin Supermarket', weight: 0.3, from: 2022.3 }),
      ch({ type: 'global', zh: '抖音全球购', en: 'Douyin Global', weight: 0.3, from: 2019.5 }),
      ch({
        type: 'others',
        zh: '达人店铺',
        en: 'Creator Shops',
        weight: 0.8,
        reach: 2,
        shopZh: '{p}的{c}好物',
        shopEn: "{p}'s {c} Picks",
      }),
    ],
  },
  {
    code: 'suning',
    weight: knots(2017, 6, 2019, 5, 2021, 2, 2026, 0.8),
    from: 2010,
    presence: 0.25,
    discount: 0.02,
    strong: [5],
    channels: [
      ch({ type: 'flagship', zh: '苏宁旗舰店', en: 'Suning Flagship Stores', weight: 0.7 }),
      ch({ type: 'supermarket', zh: '苏宁自营', en: 'Suning Self-operated', weight: 1.2, reach: 1.5 }),
      ch({ type: 'global', zh: '苏宁国际', en: 'Suning Global', weight: 0.3, until: 2021.9 }),
      ch({ type: 'others', zh: '其他店铺', en: 'Other Stores', weight: 0.2, reach: 0.5 }),
    ],
  },
  {
    code: 'kaola',
    weight: knots(2017, 4, 2019, 3.5, 2020, 2, 2026, 0.8),
    from: 2015,
    presence: 0.12,
    discount: 0.02,
    importFocus: true,
    strong: [1, 3],
    channels: [
      ch({ type: 'flagship', zh: '考拉旗舰店', en: 'Kaola Flagship Stores', weight: 0.5, until: 2020.8 }),
      ch({ type: 'supermarket', zh: '考拉自营', en: 'Kaola Self-operated', weight: 1.2, reach: 1.5 }),
      ch({ type: 'global', zh: '考拉海外直邮', en: 'Kaola Overseas Direct', reach: 1.5 }),
      ch({ type: 'others', zh: '其他店铺', en: 'Other Stores', weight: 0.1, reach: 0.3 }),
    ],
  },
  {
    code: 'meituan',
    weight: knots(2017, 0.3, 2020, 1, 2023, 3, 2026, 4),
    from: 2017,
    presence: 0.12,
    discount: 0.03,
    strong: [2, 3, 4, 6],
    weak: [7, 8],
    channels: [
      ch({
        type: 'flagship',
        zh: '美团品牌官方店',
        en: 'Meituan Brand Stores',
        weight: 0.6,
        from: 2020,
        shopZh: '{b}官方店',
        shopEn: '{b} Official Store',
      }),
      ch({ type: 'supermarket', zh: '小象超市', en: 'Xiaoxiang Supermarket', weight: 0.8, from: 2019.5 }),
      ch({
        type: 'others',
        zh: '闪购门店',
        en: 'Instant Delivery Stores',
        reach: 1.5,
        shopZh: '{p}{c}便利店',
        shopEn: '{p} {c} Convenience Store',
      }),
    ],
  },
  {
    code: 'vipshop',
    weight: knots(2017, 4, 2026, 3.5),
    from: 2010,
    presence: 0.15,
    discount: 0.12,
    strong: [1, 8],
    weak: [4, 5],
    channels: [
      ch({
        type: 'flagship',
        zh: '唯品会品牌特卖',
        en: 'Vipshop Brand Flash Sales',
        shopZh: '{b}品牌特卖',
        shopEn: '{b} Flash Sale',
      }),
      ch({ type: 'supermarket', zh: '唯品自营', en: 'Vipshop Self-operated', weight: 0.8 }),
      ch({ type: 'global', zh: '唯品国际', en: 'Vipshop Global', weight: 0.3 }),
      ch({ type: 'others', zh: '其他店铺', en: 'Other Stores', weight: 0.1, reach: 0.3 }),
    ],
  },
  {
    code: 'yunji',
    weight: knots(2017, 0.5, 2019, 1.5, 2021, 0.8, 2026, 0.4),
    from: 2015.5,
    presence: 0.06,
    discount: 0.05,
    strong: [1, 4],
    channels: [
      ch({ type: 'supermarket', zh: '云集自营', en: 'Yunji Self-operated', reach: 2 }),
      ch({ type: 'others', zh: '云集店主', en: 'Yunji Member Shops', weight: 0.6, reach: 1.5 }),
    ],
  },
  {
    code: 'others',
    weight: knots(2017, 3, 2026, 3),
    from: 2010,
    presence: 0.2,
    discount: 0,
    channels: [
      ch({
        type: 'flagship',
        zh: '品牌官方商城',
        en: 'Brand Official Malls',
        shopZh: '{b}官方商城',
        shopEn: '{b} Official Mall',
      }),
      ch({ type: 'others', zh: '其他渠道', en: 'Other Channels', weight: 0.8, reach: 1.2 }),
    ],
  },
];

export const GLOBAL_PLATFORMS: readonly PlatformDef[] = [
  {
    code: 'amazon',
    weight: knots(2017, 50, 2026, 45),
    from: 2010,
    presence: 0.85,
    discount: 0.02,
    channels: [
      ch({
        type: 'flagship',
        zh: '品牌旗舰店',
        en: 'Brand Stores',
        weight: 0.8,
        shopZh: '{b}品牌旗舰店',
        shopEn: '{b} Brand Store',
      }),
      ch({ type: 'supermarket', zh: '亚马逊自营', en: 'Sold by Amazon', weight: 1.3, reach: 1.5 }),
      ch({ type: 'franchise', zh: '第三方卖家', en: 'Third-party Sellers', weight: 0.6, reach: 1.3 }),
      ch({ type: 'global', zh: '亚马逊全球开店', en: 'Amazon Global Selling', weight: 0.5 }),
      ch({ type: 'others', zh: '其他卖家', en: 'Other Sellers', weight: 0.2, reach: 0.5 }),
    ],
  },
  {
    code: 'shopee',
    weight: knots(2017, 8, 2019, 18, 2022, 28, 2026, 30),
    from: 2015.9,
    presence: 0.6,
    discount: 0.08,
    channels: [
      ch({ type: 'flagship', zh: 'Shopee商城', en: 'Shopee Mall', shopZh: '{b}官方店', shopEn: '{b} Official Store' }),
      ch({ type: 'supermarket', zh: 'Shopee超市', en: 'Shopee Supermarket', weight: 0.4, from: 2019 }),
      ch({ type: 'global', zh: 'Shopee跨境', en: 'Shopee Cross-border', weight: 0.6 }),
      ch({ type: 'others', zh: '普通卖家', en: 'Marketplace Sellers', weight: 0.8, reach: 2 }),
    ],
  },
  {
    code: 'lazada',
    weight: knots(2017, 14, 2020, 14, 2026, 11),
    from: 2012,
    presence: 0.5,
    discount: 0.08,
    channels: [
      ch({ type: 'flagship', zh: 'LazMall商城', en: 'LazMall', shopZh: '{b}官方店', shopEn: '{b} Official Store' }),
      ch({ type: 'supermarket', zh: 'LazMart超市', en: 'LazMart', weight: 0.4, until: 2023.5 }),
      ch({ type: 'global', zh: 'LazGlobal跨境', en: 'LazGlobal', weight: 0.5 }),
      ch({ type: 'others', zh: '普通卖家', en: 'Marketplace Sellers', weight: 0.6, reach: 1.8 }),
    ],
  },
  {
    code: 'tokopedia',
    weight: knots(2017, 10, 2021, 12, 2024, 9, 2026, 8),
    from: 2010,
    presence: 0.35,
    discount: 0.06,
    channels: [
      ch({
        type: 'flagship',
        zh: '官方旗舰店',
        en: 'Official Stores',
        shopZh: '{b}官方店',
        shopEn: '{b} Official Store',
      }),
      ch({ type: 'franchise', zh: '优质商家', en: 'Power Merchants', weight: 0.6, reach: 1.3 }),
      ch({ type: 'others', zh: '普通卖家', en: 'Regular Merchants', weight: 0.8, reach: 2 }),
    ],
  },
  {
    code: 'blibli',
    weight: knots(2017, 5, 2026, 4),
    from: 2011,
    presence: 0.2,
    discount: 0.06,
    channels: [
      ch({
        type: 'flagship',
        zh: '官方旗舰店',
        en: 'Official Stores',
        shopZh: '{b}官方店',
        shopEn: '{b} Official Store',
      }),
      ch({ type: 'supermarket', zh: 'Blibli自营', en: 'Blibli Mart', weight: 0.6 }),
      ch({ type: 'others', zh: '普通卖家', en: 'Marketplace Sellers', weight: 0.4, reach: 1.2 }),
    ],
  },
];

export function platformsOf(region: Region): readonly PlatformDef[] {
  return region === 'cn' ? CN_PLATFORMS : GLOBAL_PLATFORMS;
}

/** Base discount depth of a channel type (before platform and promotion). */
export const CHANNEL_DISCOUNT: Record<ShopType, number> = {
  flagship: 0.08,
  specialty: 0.1,
  franchise: 0.12,
  supermarket: 0.07,
  global: 0.06,
  others: 0.15,
};
