/**
 * Fictional bilingual names. Brands are composed from syllables, in two styles: Chinese-style names
 * (two characters, English = pinyin, e.g. 沐岚 / Mulan) and Western-style names (English syllables
 * with a Chinese transliteration, e.g. Lumira / 露米拉). REAL_BRANDS lists well-known real brands of
 * these categories; a composed name that matches one is discarded, and a test checks the output.
 */
import type { Rng } from '../rng.js';
import type { Pair } from './dsl.js';

/** Characters with their pinyin for Chinese-style brand names. */
const HAN = (
  '沐mu 岚lan 悦yue 澜lan 芷zhi 若ruo 初chu 禾he 源yuan 颜yan 研yan 素su 植zhi 萃cui 宛wan 语yu 伊yi 诺nuo ' +
  '蔻kou 黛dai 纯chun 臻zhen 璞pu 青qing 檀tan 锦jin 瑞rui 嘉jia 欣xin 森sen 木mu 川chuan 山shan 野ye 溪xi ' +
  '星xing 辰chen 汐xi 晨chen 曦xi 麦mai 谷gu 田tian 果guo 鲜xian 味wei 乐le 趣qu 贝bei 宝bao 安an 康kang 健jian ' +
  '途tu 远yuan 居ju 舒shu 简jian 净jing 洁jie 萌meng 喵miao 云yun 晴qing 暖nuan 橙cheng 柚you 桃tao 棠tang 芸yun ' +
  '元yuan 知zhi 享xiang 逸yi 禧xi 然ran 光guang 露lu 朵duo 栀zhi 蓓bei 漾yang 澈che 泊bo 岩yan 松song 竹zhu ' +
  '茉mo 莓mei 椰ye 粟su 稻dao 穗sui 焙bei 酿niang 炊chui 匠jiang 铂bo 凯kai 骁xiao 驰chi 翼yi 峰feng 越yue'
)
  .split(' ')
  .map((item) => ({ zh: item.slice(0, 1), py: item.slice(1) }));

/** English syllables with a transliteration, in three positions. */
const WEST: readonly (readonly (readonly [string, string])[])[] = [
  [
    ['Ae', '艾'],
    ['Bel', '贝'],
    ['Cor', '科'],
    ['Del', '黛'],
    ['Eli', '伊'],
    ['Fio', '菲'],
    ['Gra', '格'],
    ['Hel', '赫'],
    ['Jo', '乔'],
    ['Ka', '卡'],
    ['Lu', '露'],
    ['Mar', '玛'],
    ['No', '诺'],
    ['Ori', '奥'],
    ['Pel', '佩'],
    ['Ro', '罗'],
    ['Sel', '赛'],
    ['Te', '缇'],
    ['Val', '瓦'],
    ['Vio', '薇'],
    ['Zel', '泽'],
    ['Ama', '阿玛'],
    ['Cla', '克拉'],
    ['Dri', '德瑞'],
    ['Fla', '芙拉'],
  ],
  [
    ['la', '拉'],
    ['ne', '妮'],
    ['ra', '拉'],
    ['ri', '莉'],
    ['va', '娃'],
    ['na', '娜'],
    ['lia', '莉娅'],
    ['ssa', '莎'],
    ['ro', '罗'],
    ['mi', '米'],
    ['vie', '维'],
    ['ly', '丽'],
    ['to', '托'],
    ['den', '登'],
    ['nor', '诺'],
    ['sia', '西亚'],
    ['mo', '莫'],
    ['lin', '琳'],
    ['vi', '维'],
    ['ta', '塔'],
  ],
  [
    ['', ''],
    ['', ''],
    ['s', '斯'],
    ['n', '恩'],
    ['x', '克斯'],
    ['te', '特'],
    ['lle', '尔'],
    ['que', '克'],
    ['ra', '拉'],
  ],
];

/** English suffixes some brands carry, by level-1 category id. */
const SUFFIX: Record<number, string[]> = {
  1: ['Beauty', 'Lab', 'Skin', 'Cosmetics'],
  2: ['Care', 'Lab', 'Living'],
  3: ['Baby', 'Kids', 'Mom & Baby'],
  4: ['Foods', 'Kitchen', 'Farm'],
  5: ['Home', 'Tech', 'Electric'],
  6: ['Pet', 'Paws', 'Pet Care'],
  7: ['Sports', 'Outdoor', 'Active'],
  8: ['Studio', 'Wear', 'Atelier'],
  9: ['Home', 'Living', 'House'],
};

/**
 * Well-known real brands (Chinese and English names), lower-cased for comparison. Not exhaustive:
 * it covers the names a syllable composition could plausibly hit.
 */
export const REAL_BRANDS: ReadonlySet<string> = new Set(
  (
    '自然堂 百雀羚 珀莱雅 薇诺娜 欧莱雅 兰蔻 雅诗兰黛 完美日记 花西子 橘朵 毛戈平 卡姿兰 玉泽 至本 润百颜 夸迪 谷雨 半亩花田 溪木源 溪木 ' +
    '逐本 珂润 丸美 相宜本草 佰草集 韩束 一叶子 林清轩 阿芙 果本 三只松鼠 良品铺子 百草味 来伊份 洽洽 元气森林 农夫山泉 怡宝 ' +
    '娃哈哈 伊利 蒙牛 光明 君乐宝 飞鹤 澳优 贝因美 合生元 美的 格力 海尔 小米 华为 苏泊尔 九阳 小熊 摩飞 北鼎 科沃斯 石头 追觅 ' +
    '云鲸 添可 戴森 飞科 奔腾 李宁 安踏 特步 匹克 鸿星尔克 波司登 森马 太平鸟 蕉内 内外 全棉时代 维达 清风 心相印 洁柔 蓝月亮 ' +
    '立白 超能 麦富迪 比瑞吉 卫仕 好孩子 贝亲 可优比 袋鼠妈妈 启初 戴可思 舒客 六神 拉芳 滋源 阿道夫 海飞丝 清扬 潘婷 飘柔 ' +
    '舒肤佳 多芬 力士 护舒宝 苏菲 高洁丝 自由点 茅台 五粮液 洋河 汾酒 郎酒 江小白 青岛 雪花 燕京 张裕 长城 汤臣倍健 善存 ' +
    '养生堂 同仁堂 方太 华帝 万和 海信 创维 长虹 康佳 格兰仕 安吉尔 膳魔师 象印 富光 水星 罗莱 富安娜 梦洁 晨光 得力 今麦郎 ' +
    '白象 统一 汇源 王老吉 香飘飘 雀巢 瑞幸 三顿半 永璞 隅田川 桂格 西麦 王饱饱 简爱 卡士 乐纯 妙可蓝多 安佳 金龙鱼 福临门 ' +
    '鲁花 海天 李锦记 千禾 厨邦 老干妈 好欢螺 李子柒 拉面说 自嗨锅 安井 思念 三全 稻香村 五芳斋 大白兔 徐福记 旺旺 好丽友 ' +
    '乐事 卫龙 周黑鸭 绝味 红牛 东鹏 乐虎 战马 脉动 尖叫 健力宝 健力 喜茶 奈雪 皇家 冠能 渴望 爱肯拿 巅峰 伟嘉 宝路 小佩 ' +
    '洁客 凯乐石 探路者 骆驼 牧高笛 挪客 北面 始祖鸟 伯希和 蕉下 捷安特 美利达 永久 凤凰 舒华 亿健 优衣库 歌莉娅 伊芙丽 ' +
    '欧时力 初语 素然 江南布衣 雅戈尔 七匹狼 九牧王 利郎 劲霸 海澜之家 报喜鸟 恒源祥 鄂尔多斯 雪中飞 鸭鸭 高梵 红豆 以纯 ' +
    '都市丽人 爱慕 曼妮芬 猫人 南极人 北极绒 浪莎 百丽 达芙妮 星期六 千百度 红蜻蜓 奥康 意尔康 回力 飞跃 新秀丽 外交官 ' +
    '稻草人 金利来 康宝 宝洁 联合利华 云南白药 冷酸灵 黑人 佳洁士 高露洁 ' +
    'lumin nivea olay dove lux crest colgate oral-b sensodyne listerine pantene kiehls elemis clarins lancome shiseido ' +
    'sulwhasoo innisfree laneige estee fresh glossier neutrogena cetaphil avene vichy bioderma dior chanel gucci prada ' +
    'versace valentino byredo diptyque lush origins clinique nike adidas puma fila asics mizuno salomon columbia ' +
    'patagonia nestle oreo lays pringles mars ferrero lindt godiva hershey danone aptamil enfamil similac pampers ' +
    'huggies merries moony dyson philips braun panasonic xiaomi midea haier gree zara uniqlo mango levis coach ' +
    'samsonite rimowa tumi sisley valmont nars benefit tarte fenty armani givenchy kose decorte freeplus curel biore ' +
    'kao lion sunstar swisse blackmores centrum elevit bayer amway nutrilite herbalife gnc kanebo kotex whisper sofy ' +
    'laurier tena vera bella della viola nola luna kane mulan lego sony canon nikon'
  ).split(/\s+/),
);

export function isRealBrand(name: Pair): boolean {
  return REAL_BRANDS.has(name.zh.toLowerCase()) || REAL_BRANDS.has(name.en.toLowerCase());
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Composes brand names that are unique in zh and en and not real brands. */
export class BrandNamer {
  private readonly usedZh = new Set<string>();
  private readonly usedEn = new Set<string>();

  constructor(private readonly rng: Rng) {}

  next(western: boolean, level1: number): Pair {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const name = western ? this.western(attempt > 2000) : this.chinese(attempt > 2000, level1);
      if (this.usedZh.has(name.zh) || this.usedEn.has(name.en.toLowerCase()) || isRealBrand(name)) continue;
      this.usedZh.add(name.zh);
      this.usedEn.add(name.en.toLowerCase());
      return name;
    }
    throw new Error('brand name space exhausted');
  }

  private chinese(long: boolean, level1: number): Pair {
    const count = long || this.rng.chance(0.12) ? 3 : 2;
    const chars = this.rng.sample(HAN, count);
    const zh = chars.map((c) => c.zh).join('');
    let en = capitalize(chars.map((c) => c.py).join(''));
    const suffixes = SUFFIX[level1];
    if (suffixes && this.rng.chance(0.2)) en = `${en} ${this.rng.pick(suffixes)}`;
    return { zh, en };
  }

  private western(long: boolean): Pair {
    const parts = WEST.map((position) => this.rng.pick(position));
    if (long) parts.push(this.rng.pick(WEST[1]!));
    return { zh: parts.map((p) => p[1]).join(''), en: capitalize(parts.map((p) => p[0]).join('')) };
  }
}

/** Shop-name prefixes of multi-brand shops (franchise, cross-border, small sellers). */
export const SHOP_PREFIXES: readonly Pair[] = (
  '鑫源/Xinyuan|百汇/Baihui|嘉禾/Jiahe|聚优/Juyou|海纳/Haina|恒泰/Hengtai|金桥/Jinqiao|瑞丰/Ruifeng|华美/Huamei|天禧/Tianxi|' +
  '隆盛/Longsheng|博雅/Boya|兴达/Xingda|丰源/Fengyuan|万象/Wanxiang|润德/Runde|昌盛/Changsheng|佳品/Jiapin|汇通/Huitong|东升/Dongsheng|' +
  '小鹿/Little Deer|橘猫/Ginger Cat|星河/Galaxy|南风/South Wind|北岸/North Shore|木子/Muzi|糖果/Candy|柠檬/Lemon|布丁/Pudding|' +
  '兔子/Bunny|熊猫/Panda|海豚/Dolphin|向日葵/Sunflower|蒲公英/Dandelion|小满/Xiaoman|七月/July|晚风/Evening Breeze|初夏/Early Summer|森屿/Forest Isle|阿宁/Aning'
)
  .split('|')
  .map((item) => {
    const [zh = '', en = ''] = item.split('/');
    return { zh, en };
  });

export const SHOP_SUFFIXES: readonly Pair[] = [
  { zh: '小铺', en: 'Shop' },
  { zh: '优选', en: 'Select' },
  { zh: '好物', en: 'Goods' },
  { zh: '生活馆', en: 'Living' },
  { zh: '集合店', en: 'Collective' },
  { zh: '百货', en: 'Store' },
  { zh: '精品店', en: 'Boutique' },
];

export const CITIES: Record<'cn' | 'global', readonly Pair[]> = {
  cn: [
    { zh: '杭州', en: 'Hangzhou' },
    { zh: '上海', en: 'Shanghai' },
    { zh: '广州', en: 'Guangzhou' },
    { zh: '深圳', en: 'Shenzhen' },
    { zh: '成都', en: 'Chengdu' },
    { zh: '武汉', en: 'Wuhan' },
    { zh: '南京', en: 'Nanjing' },
    { zh: '苏州', en: 'Suzhou' },
    { zh: '宁波', en: 'Ningbo' },
    { zh: '厦门', en: 'Xiamen' },
    { zh: '青岛', en: 'Qingdao' },
    { zh: '天津', en: 'Tianjin' },
    { zh: '西安', en: "Xi'an" },
    { zh: '长沙', en: 'Changsha' },
    { zh: '重庆', en: 'Chongqing' },
    { zh: '郑州', en: 'Zhengzhou' },
  ],
  global: [
    { zh: '新加坡', en: 'Singapore' },
    { zh: '吉隆坡', en: 'Kuala Lumpur' },
    { zh: '雅加达', en: 'Jakarta' },
    { zh: '马尼拉', en: 'Manila' },
    { zh: '曼谷', en: 'Bangkok' },
    { zh: '胡志明市', en: 'Ho Chi Minh City' },
    { zh: '西雅图', en: 'Seattle' },
    { zh: '洛杉矶', en: 'Los Angeles' },
  ],
};

/** Short category names used in shop names, by level-1 id. */
export const SHOP_CATEGORY: Record<number, Pair> = {
  1: { zh: '美妆', en: 'Beauty' },
  2: { zh: '个护', en: 'Personal Care' },
  3: { zh: '母婴', en: 'Baby' },
  4: { zh: '食品', en: 'Food' },
  5: { zh: '家电', en: 'Appliances' },
  6: { zh: '宠物', en: 'Pet' },
  7: { zh: '运动', en: 'Sports' },
  8: { zh: '服饰', en: 'Fashion' },
  9: { zh: '家居', en: 'Home' },
};
