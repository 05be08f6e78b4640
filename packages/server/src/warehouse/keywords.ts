import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Title keywords for the word cloud and concept search (sku_keyword). Chinese runs are segmented
 * with jieba (HMM on, so brand names such as 兰蔻 stay whole); Latin runs inside Chinese titles and
 * English titles are split into lower-case words. Noise is dropped: stop words, punctuation, pure
 * numbers, sizes (50g, 100ml, 3x), single Latin letters and single Chinese characters (jieba's
 * leftovers such as 瓶 or 液 carry no meaning on their own in a title).
 */

export type KeywordLang = 'zh' | 'en';

// biome-ignore format: a word list reads better packed
const ZH_STOP_WORDS = new Set([
  // function words
  '的', '了', '和', '与', '及', '或', '等', '是', '在', '为', '有', '也', '都', '而', '并', '之', '其', '就',
  '一个', '一款', '这个', '那个', '我们', '你们', '他们', '可以', '适用', '适合', '用于', '专用', '通用',
  // e-commerce boilerplate
  '正品', '官方', '旗舰店', '官网', '授权', '专柜', '现货', '包邮', '热卖', '特价', '限时', '秒杀', '促销',
  '赠品', '买一送一', '新品', '爆款', '直营', '自营', '店铺', '同款', '送礼', '礼物',
  // units and packaging words
  '毫升', '千克', '公斤', '克装', '毫克', '厘米', '毫米', '规格', '容量', '装',
]);

// biome-ignore format: a word list reads better packed
const EN_STOP_WORDS = new Set([
  'a', 'an', 'and', 'the', 'or', 'of', 'for', 'with', 'without', 'in', 'on', 'to', 'by', 'from', 'at', 'as',
  'is', 'are', 'be', 'this', 'that', 'it', 'its', 'your', 'our', 'my', 'all', 'new', 'official', 'genuine',
  'authentic', 'original', 'free', 'hot', 'sale', 'store', 'shop', 'pack', 'set', 'pcs', 'pc', 'piece',
  'pieces', 'x', 'g', 'kg', 'mg', 'ml', 'l', 'oz', 'fl', 'lb', 'lbs', 'cm', 'mm', 'm', 'ct', 'count',
]);

/** A number with an optional size unit or multiplier: 50, 1.5, 50g, 100ml, 3x, 2pcs, 12ct, 1.5kg. */
const SIZE_OR_NUMBER =
  /^[+-]?\d+(?:[.,]\d+)*(?:g|kg|mg|ml|l|oz|floz|fl|lb|lbs|cm|mm|m|pcs|pc|ct|x|s|pack|pk|克|毫升|升|片|粒|袋|瓶|支|盒|只|个|件|包|枚|条|斤)?$/i;

const HAN = /\p{Script=Han}/u;
/** A letter or digit that is not Han (\p{L} includes Han, which jieba handles). */
const NON_HAN = String.raw`(?:(?!\p{Script=Han})[\p{L}\p{N}])`;
/** Han runs and other words (keeping inner ' - & . + as in L'Oreal, SK-II, 1.5kg). */
const SEGMENTS = new RegExp(String.raw`\p{Script=Han}+|${NON_HAN}+(?:['’&.+-]${NON_HAN}+)*`, 'gu');
const WORDS = /[\p{L}\p{N}]+(?:['’&.+-][\p{L}\p{N}]+)*/gu;

function keepLatin(word: string): string | undefined {
  const w = word.toLowerCase().replace(/’/g, "'");
  if (w.length < 2) return undefined;
  if (SIZE_OR_NUMBER.test(w)) return undefined;
  if (EN_STOP_WORDS.has(w)) return undefined;
  return w;
}

export class KeywordExtractor {
  private readonly jieba = Jieba.withDict(dict);
  // Titles repeat across platforms and shops; segmentation is the slow part.
  private readonly cache = new Map<string, readonly string[]>();

  /** Distinct keywords of a Chinese title, in first-seen order. */
  zh(title: string): readonly string[] {
    const cached = this.cache.get(title);
    if (cached) return cached;
    const out = new Set<string>();
    for (const m of title.matchAll(SEGMENTS)) {
      const seg = m[0];
      if (HAN.test(seg)) {
        for (const w of this.jieba.cut(seg, true)) {
          if (!HAN.test(w)) continue;
          if ([...w].length >= 2 && !ZH_STOP_WORDS.has(w)) out.add(w);
        }
      } else {
        const w = keepLatin(seg);
        if (w) out.add(w);
      }
    }
    const words = [...out];
    if (this.cache.size > 200_000) this.cache.clear();
    this.cache.set(title, words);
    return words;
  }

  /** Distinct lower-case keywords of an English title, in first-seen order. */
  en(title: string): readonly string[] {
    const out = new Set<string>();
    for (const m of title.matchAll(WORDS)) {
      const w = keepLatin(m[0]);
      if (w) out.add(w);
    }
    return [...out];
  }
}
