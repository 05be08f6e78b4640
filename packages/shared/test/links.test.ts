import { type ProductRef, pictureUrl, productLink, SEA_REGIONS, type ShopRef, shopLink } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

describe('productLink (docs/product.md §9)', () => {
  it.each([
    [{ platform: 'tmall', itemId: 123 }, 'https://detail.tmall.com/item.htm?id=123'],
    [{ platform: 'taobao', itemId: '456' }, 'https://item.taobao.com/item.htm?id=456'],
    [{ platform: 'jd', itemId: 100012043978 }, 'https://item.jd.com/100012043978.html'],
    [{ platform: 'shopee', itemId: 9, shopId: 77, region: 36 }, 'https://shopee.sg/product/77/9'],
    [{ platform: 'shopee', itemId: 9, shopId: 77, region: '28' }, 'https://shopee.ph/product/77/9'],
    [{ platform: 'suning', itemId: 11, shopId: '0070094634' }, 'https://product.suning.com/0070094634/11.html'],
    [{ platform: 'suning', itemId: 11 }, 'https://product.suning.com/0000000000/11.html'],
    [{ platform: 'lazada', itemId: 5, region: 25 }, 'https://www.lazada.co.id/products/i5.html'],
    [{ platform: 'lazada', itemId: 5, region: 27 }, 'https://www.lazada.com.my/products/i5.html'],
    [{ platform: 'lazada', itemId: 5, region: 28 }, 'https://www.lazada.com.ph/products/i5.html'],
    [{ platform: 'lazada', itemId: 5, region: 36 }, 'https://www.lazada.sg/products/i5.html'],
    [{ platform: 'lazada', itemId: 5, region: 29 }, 'https://www.lazada.co.th/products/i5.html'],
    [{ platform: 'amazon', itemId: 'B08N5WRWNW' }, 'https://www.amazon.com/dp/B08N5WRWNW'],
    [{ platform: 'pdd', itemId: 42 }, 'https://mobile.yangkeduo.com/goods.html?goods_id=42'],
  ] as [ProductRef, string][])('%j → %s', (ref, url) => expect(productLink(ref)).toBe(url));

  it.each([
    [{ platform: 'douyin', itemId: 1 }],
    [{ platform: 'kaola', itemId: 1 }],
    [{ platform: 'others', itemId: 1 }],
    [{ platform: 'tmall', itemId: null }],
    [{ platform: 'tmall', itemId: '' }],
    [{ platform: 'tmall', itemId: '1&x=2' }],
    [{ platform: 'jd', itemId: '../evil' }],
    [{ platform: 'amazon', itemId: 'a b' }],
    [{ platform: 'lazada', itemId: 5 }], // no region
    [{ platform: 'lazada', itemId: 5, region: 99 }], // unknown region
    [{ platform: 'shopee', itemId: 9, region: 36 }], // no shop
    [{ platform: 'shopee', itemId: 9, shopId: 77 }], // no region
    [{ platform: 'suning', itemId: 11, shopId: 'a/b' }],
  ] as [ProductRef][])('%j → null', (ref) => expect(productLink(ref)).toBeNull());

  it('maps the five region codes of docs/product.md §9 to five distinct countries', () => {
    expect(Object.keys(SEA_REGIONS).sort()).toEqual(['25', '27', '28', '29', '36']);
    expect(new Set(Object.values(SEA_REGIONS).map((r) => r.country)).size).toBe(5);
  });
});

describe('shopLink (docs/product.md §9)', () => {
  it.each([
    [{ platform: 'tmall', shopId: 67597230 }, 'https://shop67597230.taobao.com'],
    [{ platform: 'taobao', shopId: '105799295' }, 'https://shop105799295.taobao.com'],
    [{ platform: 'jd', shopId: 1000000127 }, 'https://mall.jd.com/index-1000000127.html'],
    [{ platform: 'suning', shopId: '30000910' }, 'https://shop.suning.com/30000910/index.html'],
    [{ platform: 'pdd', shopId: 12 }, 'https://mobile.yangkeduo.com/mall_page.html?mall_id=12'],
  ] as [ShopRef, string][])('%j → %s', (ref, url) => expect(shopLink(ref)).toBe(url));

  it.each([
    [{ platform: 'amazon', shopId: 1 }],
    [{ platform: 'shopee', shopId: 1 }],
    [{ platform: 'lazada', shopId: 1 }],
    [{ platform: 'tmall', shopId: null }],
    [{ platform: 'tmall', shopId: 'abc' }], // becomes part of a host name: digits only
    [{ platform: 'taobao', shopId: '1.evil.com/' }],
    [{ platform: 'jd', shopId: '' }],
  ] as [ShopRef][])('%j → null', (ref) => expect(shopLink(ref)).toBeNull());
});

describe('pictureUrl', () => {
  it.each([
    ['/files', 'a1', '/files/a1'],
    ['/files/', 'a1', '/files/a1'],
    ['https://cdn.example.com/img//', 123, 'https://cdn.example.com/img/123'],
    ['/files', 'abc.jpg', '/files/abc.jpg'],
    ['/files', null, null],
    ['/files', '', null],
    ['/files', '../secret', null],
    ['/files', '.hidden', null],
    ['/files', 'a/b', null],
    ['/files', 'a?b', null],
  ] as [string, string | number | null, string | null][])('(%j, %j) → %j', (base, id, url) => {
    expect(pictureUrl(base, id)).toBe(url);
  });
});
