/**
 * docs/product.md §9 link helpers: the public web page of a product or shop on its platform, and product
 * pictures from the file service. A platform without a known link (douyin, kaola, others …), a missing
 * id, an id that is not a plain token, or an unknown region gives null — the UI then shows plain text.
 *
 * Ids are restricted to letters, digits, `_` and `-` (up to 64), so a bad value from data can never
 * redirect a link to another site or path.
 */
import type { PlatformCode } from './platforms.js';

export interface ProductRef {
  readonly platform: PlatformCode | string;
  readonly itemId: string | number | null | undefined;
  /** Needed by Shopee (shop id is part of the URL) and Suning (shop code; self-run when missing). */
  readonly shopId?: string | number | null;
  /** Region code for Shopee and Lazada (see {@link SEA_REGIONS}). */
  readonly region?: string | number | null;
}

export interface ShopRef {
  readonly platform: PlatformCode | string;
  readonly shopId: string | number | null | undefined;
}

export interface SeaRegion {
  readonly country: string;
  readonly lazada: string;
  readonly shopee: string;
}

/**
 * docs/product.md §9 region codes → countries. It lists the codes in the order 25, 27, 28, 36, 29 without
 * names; Lazada serves six countries, of which five sorted by English name are Indonesia, Malaysia,
 * Philippines, Singapore, Thailand — matched in that listed order. (Vietnam has no code there.)
 * Shopee uses the same countries with its own domains (note shopee.ph, not .com.ph).
 */
export const SEA_REGIONS: Readonly<Record<string, SeaRegion>> = {
  '25': { country: 'ID', lazada: 'www.lazada.co.id', shopee: 'shopee.co.id' },
  '27': { country: 'MY', lazada: 'www.lazada.com.my', shopee: 'shopee.com.my' },
  '28': { country: 'PH', lazada: 'www.lazada.com.ph', shopee: 'shopee.ph' },
  '36': { country: 'SG', lazada: 'www.lazada.sg', shopee: 'shopee.sg' },
  '29': { country: 'TH', lazada: 'www.lazada.co.th', shopee: 'shopee.co.th' },
};

const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const DIGITS = /^\d{1,20}$/;
/**
 * Image ids (dim_sku.image_id) may carry a file extension ('abc.jpg') but never start with a dot and
 * never hold a slash, so an id is always one plain file name ('..' and paths stay out).
 */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

function token(id: string | number | null | undefined, pattern: RegExp = TOKEN): string | null {
  if (id === null || id === undefined) return null;
  const s = String(id).trim();
  return pattern.test(s) ? s : null;
}

function region(code: string | number | null | undefined): SeaRegion | null {
  if (code === null || code === undefined) return null;
  return SEA_REGIONS[String(code).trim()] ?? null;
}

/** Suning's shop code for its self-run store. */
const SUNING_SELF_RUN = '0000000000';

/**
 * | platform | link |
 * |---|---|
 * | tmall | `https://detail.tmall.com/item.htm?id={itemId}` |
 * | taobao | `https://item.taobao.com/item.htm?id={itemId}` |
 * | jd | `https://item.jd.com/{itemId}.html` |
 * | shopee | `https://{shopee domain}/product/{shopId}/{itemId}` (needs shopId and region) |
 * | suning | `https://product.suning.com/{shopId or 0000000000}/{itemId}.html` |
 * | lazada | `https://{lazada domain}/products/i{itemId}.html` (needs region) |
 * | amazon | `https://www.amazon.com/dp/{itemId}` |
 * | pdd | `https://mobile.yangkeduo.com/goods.html?goods_id={itemId}` |
 * | any other | null |
 */
export function productLink(ref: ProductRef): string | null {
  const item = token(ref.itemId);
  if (!item) return null;
  switch (ref.platform) {
    case 'tmall':
      return `https://detail.tmall.com/item.htm?id=${item}`;
    case 'taobao':
      return `https://item.taobao.com/item.htm?id=${item}`;
    case 'jd':
      return `https://item.jd.com/${item}.html`;
    case 'shopee': {
      const r = region(ref.region);
      const shop = token(ref.shopId);
      return r && shop ? `https://${r.shopee}/product/${shop}/${item}` : null;
    }
    case 'suning': {
      const shop = ref.shopId === null || ref.shopId === undefined ? SUNING_SELF_RUN : token(ref.shopId);
      return shop ? `https://product.suning.com/${shop}/${item}.html` : null;
    }
    case 'lazada': {
      const r = region(ref.region);
      return r ? `https://${r.lazada}/products/i${item}.html` : null;
    }
    case 'amazon':
      return `https://www.amazon.com/dp/${item}`;
    case 'pdd':
      return `https://mobile.yangkeduo.com/goods.html?goods_id=${item}`;
    default:
      return null;
  }
}

/**
 * | platform | link |
 * |---|---|
 * | tmall, taobao | `https://shop{shopId}.taobao.com` (numeric id; Tmall stores answer on it and redirect to their tmall.com address) |
 * | jd | `https://mall.jd.com/index-{shopId}.html` |
 * | suning | `https://shop.suning.com/{shopId}/index.html` |
 * | pdd | `https://mobile.yangkeduo.com/mall_page.html?mall_id={shopId}` |
 * | any other | null |
 */
export function shopLink(ref: ShopRef): string | null {
  switch (ref.platform) {
    case 'tmall':
    case 'taobao': {
      // The id becomes part of a host name: digits only.
      const shop = token(ref.shopId, DIGITS);
      return shop ? `https://shop${shop}.taobao.com` : null;
    }
    case 'jd': {
      const shop = token(ref.shopId);
      return shop ? `https://mall.jd.com/index-${shop}.html` : null;
    }
    case 'suning': {
      const shop = token(ref.shopId);
      return shop ? `https://shop.suning.com/${shop}/index.html` : null;
    }
    case 'pdd': {
      const shop = token(ref.shopId);
      return shop ? `https://mobile.yangkeduo.com/mall_page.html?mall_id=${shop}` : null;
    }
    default:
      return null;
  }
}

/**
 * Where the app serves product pictures (the file service of docs/product.md §9: `GET /api/common/pictures/<id>`,
 * docs/api.md): the base for {@link pictureUrl} where an answer carries only the image id.
 */
export const PICTURE_BASE = '/api/common/pictures';

/**
 * Picture URL of an image id (dim_sku.image_id) on the file service at `base` (configurable per
 * deployment, e.g. {@link PICTURE_BASE} or 'https://cdn.example.com/img/'). `pictureUrl('/files/', 'a1')`
 * = '/files/a1'. Missing or unsafe id → null.
 */
export function pictureUrl(base: string, imageId: string | number | null | undefined): string | null {
  const id = token(imageId, IMAGE_ID_PATTERN);
  if (!id) return null;
  return `${base.replace(/\/+$/, '')}/${id}`;
}
