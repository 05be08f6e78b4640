/** Category tree, part 2: food & beverages, home appliances, pet supplies. Prices in CNY. */
import { concepts, group, knots, type Level1, leaf, level1, level2 } from './dsl.js';

const UNIT = '1台/1 Unit=1pcs';
const PIECE = '1个/1 pc=1pcs';

export const FOOD: Level1 = level1(
  4,
  '食品饮料/Food & Beverages',
  {
    size: 18,
    promo: 0.8,
    trend: knots(2017, 0.18, 2020, 0.15, 2026, 0.06),
    premium: 0.02,
    series:
      '每日/Daily|轻享/Light Joy|臻选/Select|经典/Classic|悦享/Joy|醇香/Rich Aroma|鲜活/Fresh|原野/Wild Field|匠心/Craft|家常/Homestyle',
  },
  [
    level2(
      401,
      '休闲零食/Snacks',
      {
        season: 'gift',
        groups: [
          group(
            'flavor',
            '原味/Original|香辣/Spicy|海盐/Sea Salt|黑椒/Black Pepper|番茄/Tomato|烧烤/BBQ|芝士/Cheese|奶香/Milky',
            0.8,
          ),
          group('packaging', '袋装/Bag|罐装/Can|礼盒装/Gift Box|独立小包装/Individually Wrapped', 0.3),
          group('origin', '新疆/Xinjiang|云南/Yunnan|内蒙古/Inner Mongolia|进口/Imported|广东/Guangdong', 0.2),
          group('scene', '办公室/Office|追剧/Binge-watching|年货/New Year Gift|儿童/Kids', 0.3),
          group('sugar', '常规/Regular|低糖/Low Sugar', 0.05),
        ],
        concepts: concepts(
          '非油炸/Non-fried@2018.5:1.3',
          '国潮/Guochao@2019.5:1.2:style',
          '0糖/Sugar-free@2019.5:1.8:sugar',
          '冻干/Freeze-dried@2020:1.5',
          '低GI/Low-GI@2022:1.4:sugar',
        ),
      },
      [
        leaf(40101, '坚果/Nuts', [39, 169], '750g|500g|30袋/30 Packs=750g', {
          nouns: '每日坚果/Daily Nuts|夏威夷果/Macadamia Nuts|碧根果/Pecans|巴旦木/Almonds',
          weight: 1.6,
        }),
        leaf(40102, '薯片/Potato Chips', [6.9, 39.9], '70g|104g|150g'),
        leaf(40103, '饼干/Biscuits', [9.9, 59], '400g|200g|1kg', {
          nouns: '苏打饼干/Soda Crackers|曲奇/Cookies|夹心饼干/Sandwich Biscuits',
        }),
        leaf(40104, '肉干/Jerky', [29, 129], '250g|200g|500g', {
          nouns: '牛肉干/Beef Jerky|猪肉脯/Pork Jerky|卤鸭脖/Braised Duck Neck',
        }),
        leaf(40105, '果干/Dried Fruit', [19, 79], '500g|250g|100g', {
          nouns: '芒果干/Dried Mango|草莓干/Dried Strawberry|葡萄干/Raisins',
          weight: 0.6,
        }),
        leaf(40106, '糖果/Candy', [12.9, 99], '200g|500g|100g', {
          nouns: '软糖/Gummies|硬糖/Hard Candy|巧克力/Chocolate',
        }),
        leaf(40107, '膨化食品/Puffed Snacks', [9.9, 49], '300g|200g|500g', {
          nouns: '虾条/Prawn Crackers|米饼/Rice Crackers|玉米棒/Corn Puffs',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      402,
      '饮料/Drinks',
      {
        season: 'summer',
        promo: 0.7,
        trend: knots(2017, 0.12, 2026, 0.05),
        groups: [
          group(
            'flavor',
            '原味/Original|柠檬/Lemon|白桃/White Peach|青柠/Lime|荔枝/Lychee|西柚/Grapefruit|乌龙/Oolong|茉莉/Jasmine',
            0.7,
          ),
          group('packaging', '瓶装/Bottled|罐装/Canned|盒装/Carton|整箱/Case', 0.2),
          group('scene', '运动/Sports|佐餐/With Meals|办公/Office|熬夜/Late Nights', 0.2),
          group('sugar', '低糖/Low Sugar|全糖/Regular', 0.1),
        ],
        concepts: concepts(
          '0糖0卡/Zero Sugar Zero Calorie@2019:2.2:sugar',
          'NFC/NFC@2019:1.2',
          '电解质/Electrolyte@2022.3:1.8:function#40203,40206',
        ),
      },
      [
        leaf(40201, '气泡水/Sparkling Water', [39, 99], '480ml×15瓶/480 ml × 15=7200ml|330ml×24罐/330 ml × 24=7920ml', {
          trend: knots(2017, 0.6, 2020, 0.5, 2022, 0.1, 2026, 0.02),
        }),
        leaf(40202, '茶饮料/Tea Drinks', [39, 89], '500ml×15瓶/500 ml × 15=7500ml|900ml×12瓶/900 ml × 12=10800ml', {
          nouns: '无糖茶/Unsweetened Tea|乌龙茶饮料/Oolong Tea Drink|柠檬茶/Lemon Tea',
          weight: 1.3,
        }),
        leaf(
          40203,
          '功能饮料/Energy Drinks',
          [49, 119],
          '250ml×24罐/250 ml × 24=6000ml|500ml×15瓶/500 ml × 15=7500ml',
          {
            nouns: '能量饮料/Energy Drink|电解质水/Electrolyte Water',
          },
        ),
        leaf(40204, '果汁/Juice', [39, 129], '300ml×10瓶/300 ml × 10=3000ml|1L×6瓶/1 L × 6=6000ml', {
          nouns: 'NFC果汁/NFC Juice|果汁饮料/Juice Drink',
        }),
        leaf(40205, '植物蛋白饮料/Plant Milk', [39, 109], '250ml×24盒/250 ml × 24=6000ml|1L×6盒/1 L × 6=6000ml', {
          nouns: '燕麦奶/Oat Milk|椰奶/Coconut Milk|核桃乳/Walnut Milk',
          trend: knots(2017, 0.15, 2020, 0.5, 2022, 0.15, 2026, 0.05),
        }),
        leaf(40206, '饮用水/Bottled Water', [19, 69], '550ml×24瓶/550 ml × 24=13200ml|4L×6桶/4 L × 6=24000ml', {
          nouns: '天然矿泉水/Natural Mineral Water|饮用纯净水/Purified Water',
          weight: 1.2,
        }),
      ],
    ),
    level2(
      403,
      '咖啡冲调/Coffee & Instant Drinks',
      {
        trend: knots(2017, 0.15, 2020, 0.25, 2026, 0.08),
        premium: 0.03,
        groups: [
          group(
            'flavor',
            '经典/Classic|榛果/Hazelnut|焦糖/Caramel|香草/Vanilla|拿铁/Latte|美式/Americano|原味/Original',
            0.6,
          ),
          group('roast', '浅烘/Light Roast|中烘/Medium Roast|深烘/Dark Roast', 0.3),
          group('origin', '云南/Yunnan|埃塞俄比亚/Ethiopia|哥伦比亚/Colombia|巴西/Brazil|新西兰/New Zealand', 0.3),
          group('sugar', '低糖/Low Sugar|全糖/Regular', 0.2),
        ],
        concepts: concepts(
          '0蔗糖/No Cane Sugar@2019.5:1.4:sugar',
          '冷萃/Cold Brew@2020:1.6#40301,40302,40303,40304',
          '生椰/Coconut Latte@2021.4:1.8:flavor#40301,40302,40303',
        ),
      },
      [
        leaf(
          40301,
          '速溶咖啡/Instant Coffee',
          [29, 99],
          '100条/100 Sticks=1800g|30条/30 Sticks=540g|48条/48 Sticks=864g',
          {
            nouns: '三合一速溶咖啡/3-in-1 Instant Coffee|速溶黑咖啡/Instant Black Coffee',
            trend: knots(2017, 0.02, 2020, -0.05, 2026, -0.06),
            weight: 1.3,
          },
        ),
        leaf(40302, '冻干咖啡/Freeze-dried Coffee', [49, 169], '24颗/24 Capsules=72g|12颗/12 Capsules=36g', {
          nouns: '冻干咖啡粉/Freeze-dried Coffee',
          trend: knots(2017, 0.4, 2019, 1.2, 2021, 0.5, 2023, 0.05, 2026, 0),
          weight: 0.5,
        }),
        leaf(40303, '挂耳咖啡/Drip Bag Coffee', [39, 129], '10g×20包/10 g × 20=200g|10g×10包/10 g × 10=100g', {
          trend: knots(2017, 0.25, 2026, 0.08),
          weight: 0.5,
        }),
        leaf(40304, '咖啡豆/Coffee Beans', [59, 259], '454g|227g|1kg', { weight: 0.6 }),
        leaf(40305, '燕麦片/Oatmeal', [19, 79], '1kg|500g|400g', {
          nouns: '即食燕麦片/Instant Oats|烘焙燕麦片/Granola',
          trend: knots(2017, 0.2, 2020, 0.3, 2022, 0, 2026, -0.02),
        }),
        leaf(40306, '蜂蜜/Honey', [29, 199], '500g|250g|1kg', { nouns: '蜂蜜/Honey|枇杷蜜/Loquat Honey', weight: 0.6 }),
      ],
    ),
    level2(
      404,
      '乳制品/Dairy',
      {
        promo: 0.6,
        trend: knots(2017, 0.1, 2026, 0.04),
        groups: [
          group(
            'ingredient',
            'A2β-酪蛋白/A2 Beta-casein|益生菌/Probiotics|高钙/High Calcium|高蛋白/High Protein|乳铁蛋白/Lactoferrin',
            0.5,
          ),
          group('origin', '内蒙古/Inner Mongolia|新西兰/New Zealand|新疆/Xinjiang|宁夏/Ningxia|澳洲/Australia', 0.3),
          group('storage', '常温/Ambient|冷藏/Chilled', 0.1),
          group('sugar', '原味/Plain|低糖/Low Sugar|无蔗糖/No Cane Sugar', 0.2),
        ],
        concepts: concepts(
          '有机/Organic@2018:1.3:ingredient',
          "儿童成长/Kids' Growth@2020:1.2:crowd",
          '娟姗/Jersey Milk@2021:1.4:ingredient',
        ),
      },
      [
        leaf(40401, '纯牛奶/Milk', [49, 99], '250ml×24盒/250 ml × 24=6000ml|200ml×12盒/200 ml × 12=2400ml', {
          nouns: '纯牛奶/Whole Milk|低脂牛奶/Low-fat Milk|高钙奶/High-calcium Milk',
          weight: 2,
        }),
        leaf(40402, '酸奶/Yogurt', [39, 99], '200g×12盒/200 g × 12=2400g|100g×8杯/100 g × 8=800g', {
          nouns: '常温酸奶/Ambient Yogurt|希腊酸奶/Greek Yogurt',
        }),
        leaf(40403, '奶酪/Cheese', [29, 129], '500g|200g|360g', {
          nouns: '奶酪棒/Cheese Sticks|马苏里拉芝士/Mozzarella|芝士片/Cheese Slices',
          trend: knots(2017, 0.3, 2020, 0.6, 2022, 0.1, 2026, 0),
          weight: 0.6,
        }),
        leaf(40404, '成人奶粉/Adult Milk Powder', [69, 259], '800g|400g|1kg', {
          nouns: "中老年奶粉/Seniors' Milk Powder|全脂奶粉/Whole Milk Powder|学生奶粉/Student Milk Powder",
          weight: 0.6,
        }),
      ],
    ),
    level2(
      405,
      '粮油调味/Grain, Oil & Seasoning',
      {
        promo: 0.6,
        trend: knots(2017, 0.12, 2020, 0.2, 2021, 0.05, 2026, 0.03),
        groups: [
          group(
            'origin',
            '东北/Northeast China|五常/Wuchang|柳州/Liuzhou|四川/Sichuan|山东/Shandong|进口/Imported',
            0.3,
          ),
          group('flavor', '原味/Original|香辣/Spicy|酸辣/Hot & Sour|鲜香/Savory|麻辣/Mala', 0.4),
          group('grade', '一级/Grade 1|特级/Premium Grade|有机/Organic', 0.2),
          group('packaging', '袋装/Bag|桶装/Barrel|瓶装/Bottle|礼盒/Gift Box', 0.1),
        ],
        concepts: concepts(
          '非油炸/Non-fried@2019:1.3',
          '零添加/Additive-free@2020.5:1.7:ingredient',
          '低钠/Low Sodium@2022:1.3:ingredient',
        ),
      },
      [
        leaf(40501, '大米/Rice', [39, 129], '5kg|10kg|2.5kg', {
          nouns: '五常大米/Wuchang Rice|东北大米/Northeast Rice|泰国香米/Thai Jasmine Rice',
          weight: 1.2,
        }),
        leaf(40502, '食用油/Cooking Oil', [49, 199], '5L|4L|1L', {
          nouns: '花生油/Peanut Oil|菜籽油/Rapeseed Oil|橄榄油/Olive Oil|稻米油/Rice Bran Oil',
          weight: 1.2,
        }),
        leaf(40503, '酱油/Soy Sauce', [9.9, 49], '500ml|1.28L|1.9L', {
          nouns: '生抽/Light Soy Sauce|老抽/Dark Soy Sauce|酱油/Soy Sauce',
          weight: 0.6,
        }),
        leaf(40504, '方便面/Instant Noodles', [19, 69], '5连包/5-pack=5pcs|12桶/12 Cups=12pcs|24袋/24 Packs=24pcs', {
          nouns: '红烧牛肉面/Braised Beef Noodles|酸菜面/Pickled Cabbage Noodles|拌面/Dry Noodles',
          trend: knots(2017, -0.02, 2020, 0.15, 2021, -0.02, 2026, 0),
        }),
        leaf(40505, '螺蛳粉/River Snail Rice Noodles', [29, 79], '335g×3袋/335 g × 3=1005g|400g×5袋/400 g × 5=2000g', {
          nouns: '螺蛳粉/Luosifen',
          trend: knots(2017, 0.5, 2019, 1, 2020, 1.5, 2021, 0.2, 2023, -0.05, 2026, -0.02),
          weight: 0.4,
        }),
        leaf(40506, '预制菜/Ready Meals', [39, 199], '500g|1kg|350g', {
          nouns: '酸菜鱼/Pickled Fish|小酥肉/Crispy Pork|佛跳墙/Buddha Jumps Over the Wall',
          trend: knots(2017, 0.2, 2020, 0.6, 2022, 0.35, 2026, 0.1),
          season: 'gift',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      406,
      '茶叶/Tea',
      {
        season: 'gift',
        promo: 0.9,
        trend: knots(2017, 0.12, 2026, 0.05),
        premium: 0.04,
        groups: [
          group('grade', '特级/Premium Grade|一级/Grade 1|二级/Grade 2|明前/Pre-Qingming', 0.5),
          group('origin', '杭州/Hangzhou|福建/Fujian|云南/Yunnan|安溪/Anxi|武夷山/Wuyi Mountain|福鼎/Fuding', 0.5),
          group('packaging', '罐装/Tin|礼盒装/Gift Box|袋装/Bag|饼茶/Tea Cake', 0.3),
          group('scene', '送礼/Gift|自饮/Daily Drinking|办公/Office', 0.2),
        ],
        concepts: concepts(
          '三角茶包/Pyramid Tea Bags@2019.5:1.3:packaging',
          '冷泡茶/Cold Brew Tea@2020.5:1.5',
          '新中式/New Chinese Style@2021.5:1.4:style',
        ),
      },
      [
        leaf(40601, '绿茶/Green Tea', [99, 899], '250g|100g|500g', {
          nouns: '西湖龙井/West Lake Longjing|碧螺春/Biluochun|信阳毛尖/Xinyang Maojian',
        }),
        leaf(40602, '乌龙茶/Oolong Tea', [89, 799], '250g|500g|100g', {
          nouns: '铁观音/Tieguanyin|大红袍/Da Hong Pao|凤凰单丛/Phoenix Dancong',
        }),
        leaf(40603, "普洱/Pu'er Tea", [99, 1299], '357g|200g|100g', {
          nouns: "普洱熟茶/Ripe Pu'er|普洱生茶/Raw Pu'er",
          weight: 0.7,
        }),
        leaf(40604, '红茶/Black Tea', [79, 699], '250g|100g|500g', {
          nouns: '正山小种/Lapsang Souchong|金骏眉/Jin Jun Mei|滇红/Dianhong',
        }),
        leaf(40605, '花草茶/Herbal Tea', [19, 99], '150g|30包/30 Bags=150g|250g', {
          nouns: '菊花茶/Chrysanthemum Tea|红豆薏米茶/Red Bean & Barley Tea|玫瑰花茶/Rose Tea',
          trend: knots(2017, 0.25, 2026, 0.1),
        }),
        leaf(40606, '白茶/White Tea', [99, 999], '300g|100g|500g', {
          nouns: '白毫银针/Silver Needle|白牡丹/White Peony|寿眉/Shoumei',
          trend: knots(2017, 0.25, 2021, 0.2, 2026, 0.06),
          weight: 0.6,
        }),
      ],
    ),
    level2(
      407,
      '酒类/Alcoholic Drinks',
      {
        season: 'gift',
        promo: 1,
        trend: knots(2017, 0.15, 2021, 0.12, 2026, 0.02),
        premium: 0.05,
        groups: [
          group(
            'origin',
            '贵州/Guizhou|四川/Sichuan|山西/Shanxi|法国/France|澳洲/Australia|智利/Chile|德国/Germany|绍兴/Shaoxing',
            0.5,
          ),
          group('flavor', '醇厚/Full-bodied|绵柔/Smooth|果香/Fruity|清爽/Crisp|麦香/Malty', 0.5),
          group('packaging', '单瓶/Single Bottle|礼盒装/Gift Box|整箱/Case', 0.3),
          group('scene', '送礼/Gift|宴请/Banquet|聚会/Party|独酌/Solo Drinking', 0.3),
        ],
        concepts: concepts('低度微醺/Low-ABV Tipsy@2020.5:1.7:scene', '无醇/Alcohol-free@2022:1.3'),
      },
      [
        leaf(40701, '白酒/Baijiu', [99, 2999], '500ml|500ml×2瓶/500 ml × 2=1000ml|500ml×6瓶/500 ml × 6=3000ml', {
          nouns: '酱香型白酒/Sauce-aroma Baijiu|浓香型白酒/Strong-aroma Baijiu|清香型白酒/Light-aroma Baijiu',
          weight: 2,
        }),
        leaf(40702, '葡萄酒/Wine', [59, 899], '750ml|750ml×6瓶/750 ml × 6=4500ml', {
          nouns: '赤霞珠干红葡萄酒/Cabernet Sauvignon Red Wine|霞多丽干白/Chardonnay White Wine|起泡酒/Sparkling Wine',
          trend: knots(2017, 0.05, 2026, -0.03),
        }),
        leaf(
          40703,
          '啤酒/Beer',
          [39, 199],
          '500ml×12罐/500 ml × 12=6000ml|330ml×24罐/330 ml × 24=7920ml|1L×6桶/1 L × 6=6000ml',
          {
            nouns: '精酿啤酒/Craft Beer|小麦啤酒/Wheat Beer|拉格啤酒/Lager',
            season: 'summer',
          },
        ),
        leaf(40704, '黄酒/Rice Wine', [29, 299], '500ml|2.5L|500ml×6瓶/500 ml × 6=3000ml', {
          nouns: '绍兴黄酒/Shaoxing Rice Wine|花雕酒/Huadiao Wine',
          weight: 0.4,
        }),
        leaf(40705, '果酒/Fruit Wine', [29, 149], '330ml×6瓶/330 ml × 6=1980ml|750ml|500ml', {
          nouns: '梅酒/Plum Wine|果味气泡酒/Fruit Sparkling Wine|米酒/Sweet Rice Wine',
          trend: knots(2017, 0.3, 2021, 0.5, 2023, 0.1, 2026, 0.05),
          weight: 0.5,
        }),
      ],
    ),
    level2(
      408,
      '保健食品/Health Supplements',
      {
        promo: 1.1,
        trend: knots(2017, 0.15, 2020, 0.25, 2026, 0.1),
        premium: 0.03,
        groups: [
          group(
            'efficacy',
            '增强免疫/Immune Support|改善睡眠/Sleep Support|骨骼健康/Bone Health|肠道健康/Gut Health|抗疲劳/Anti-fatigue|美容养颜/Beauty from Within',
            0.8,
          ),
          group('crowd', '成人/Adults|中老年/Seniors|孕妇/Pregnant Women|儿童/Kids|男士/Men|女士/Women', 0.3),
          group('dosage_form', '片剂/Tablets|软胶囊/Softgels|粉剂/Powder|口服液/Oral Liquid', 0.3),
          group('origin', '美国/USA|澳洲/Australia|德国/Germany|日本/Japan|国产/Domestic', 0.2),
        ],
        concepts: concepts(
          '软糖/Gummies@2020.5:1.7:dosage_form',
          'NMN/NMN@2021:1.6:ingredient',
          '护肝/Liver Support@2022:1.3:efficacy',
        ),
      },
      [
        leaf(
          40801,
          '维生素/Vitamins',
          [59, 299],
          '60片/60 Tablets=60pcs|100片/100 Tablets=100pcs|90粒/90 Softgels=90pcs',
          {
            nouns: '复合维生素/Multivitamin|维生素C/Vitamin C|维生素D3/Vitamin D3|B族维生素/Vitamin B Complex',
            weight: 1.3,
          },
        ),
        leaf(40802, '益生菌/Probiotics', [89, 399], '30条/30 Sachets=30pcs|60粒/60 Capsules=60pcs', {
          nouns: '益生菌粉/Probiotic Powder|益生菌胶囊/Probiotic Capsules',
        }),
        leaf(40803, '蛋白粉/Protein Powder', [99, 499], '900g|2磅/2 lbs=907g|5磅/5 lbs=2270g', {
          nouns: '乳清蛋白粉/Whey Protein|植物蛋白粉/Plant Protein',
        }),
        leaf(40804, '鱼油/Fish Oil', [79, 399], '100粒/100 Softgels=100pcs|60粒/60 Softgels=60pcs', {
          nouns: '深海鱼油/Deep-sea Fish Oil|磷虾油/Krill Oil',
          weight: 0.7,
        }),
        leaf(40805, '胶原蛋白/Collagen', [99, 599], '10瓶/10 Vials=10pcs|30条/30 Sachets=30pcs', {
          nouns: '胶原蛋白肽/Collagen Peptides|胶原蛋白饮/Collagen Drink',
          weight: 0.7,
        }),
        leaf(40806, '钙片/Calcium', [59, 299], '100片/100 Tablets=100pcs|60片/60 Tablets=60pcs', {
          nouns: '钙维生素D/Calcium + Vitamin D|氨糖软骨素钙片/Glucosamine Chondroitin Calcium',
        }),
      ],
    ),
  ],
);

export const APPLIANCES: Level1 = level1(
  5,
  '家用电器/Home Appliances',
  {
    size: 20,
    promo: 1.6,
    trend: knots(2017, 0.12, 2021, 0.08, 2026, 0.02),
    premium: 0.03,
    series:
      'Pro/Pro|Max/Max|Mini/Mini|轻享/Lite|旗舰/Flagship|X系列/X Series|Air/Air|S系列/S Series|Plus/Plus|青春版/Youth Edition',
  },
  [
    level2(
      501,
      '厨房小电/Small Kitchen Appliances',
      {
        groups: [
          group(
            'function',
            '可视/Viewing Window|智能预约/Smart Timer|无油/Oil-free|多功能/Multi-function|防干烧/Boil-dry Protection|低糖/Low-sugar Cooking|一键清洗/One-touch Cleaning',
            0.8,
            1,
            2,
          ),
          group('material', '不锈钢/Stainless Steel|陶瓷/Ceramic|玻璃/Glass|不粘涂层/Non-stick', 0.3),
          group('power', '800W/800W|1200W/1200W|1500W/1500W|2200W/2200W', 0.1),
          group('color', '白色/White|奶油色/Cream|墨绿/Forest Green|黑色/Black', 0.2),
        ],
        concepts: concepts(
          '低糖/Low-sugar@2019.5:1.3:function#50102',
          '一人食/Single-serving@2020:1.4:scene',
          '可视化/Visible Cooking@2021:1.6:function#50101,50106,50107',
        ),
      },
      [
        leaf(50101, '空气炸锅/Air Fryer', [199, 899], '5L=1pcs|4.5L=1pcs|6L=1pcs', {
          trend: knots(2017, 0.4, 2019, 1.2, 2020, 1.5, 2021, 0.1, 2022, -0.15, 2024, -0.08, 2026, 0),
          weight: 0.8,
        }),
        leaf(50102, '电饭煲/Rice Cooker', [199, 1299], '4L=1pcs|3L=1pcs|5L=1pcs', {
          trend: knots(2017, 0.03, 2026, 0),
          weight: 1.2,
        }),
        leaf(50103, '破壁机/High-speed Blender', [299, 1999], '1.75L=1pcs|1.2L=1pcs', {
          nouns: '破壁料理机/High-speed Blender',
          trend: knots(2017, 0.35, 2019, 0.1, 2021, -0.1, 2026, -0.04),
        }),
        leaf(50104, '咖啡机/Coffee Machine', [399, 4999], UNIT, {
          nouns: '意式咖啡机/Espresso Machine|胶囊咖啡机/Capsule Coffee Machine',
          weight: 0.6,
        }),
        leaf(50105, '电热水壶/Electric Kettle', [69, 399], '1.7L=1pcs|1.5L=1pcs|1.8L=1pcs', { weight: 0.7 }),
        leaf(50106, '电煮锅/Electric Cooker', [99, 499], '3L=1pcs|4L=1pcs|2L=1pcs', {
          nouns: '多功能电煮锅/Multi-cooker|电火锅/Electric Hot Pot',
          trend: knots(2017, 0.25, 2020, 0.35, 2022, 0.02, 2026, 0),
          weight: 0.6,
        }),
        leaf(50107, '养生壶/Health Pot', [89, 399], '1.5L=1pcs|1.8L=1pcs|1L=1pcs', {
          nouns: '养生壶/Health Kettle',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      502,
      '生活电器/Household Appliances',
      {
        trend: knots(2017, 0.12, 2021, 0.15, 2026, 0.04),
        groups: [
          group(
            'function',
            '静音/Quiet|除菌/Sterilizing|APP控制/App Control|自清洁/Self-cleaning|长续航/Long Battery Life|轻量/Lightweight',
            0.8,
            1,
            2,
          ),
          group('control', 'APP智能/App|遥控/Remote|触控/Touch|语音/Voice', 0.2),
          group('color', '白色/White|灰色/Grey|黑色/Black', 0.1),
        ],
        concepts: concepts(
          '直流变频/DC Inverter@2019.5:1.4:function#50204,50205,50206',
          '全能基站/All-in-one Base Station@2021.5:2:function#50201,50203',
          'AI/AI@2023:1.5:function',
        ),
      },
      [
        leaf(50201, '扫地机器人/Robot Vacuum', [999, 4999], UNIT, {
          trend: knots(2017, 0.35, 2021, 0.25, 2026, 0.06),
          weight: 1.5,
          groups: [
            group(
              'function',
              '自动集尘/Auto-empty|激光导航/LiDAR Navigation|3D避障/3D Obstacle Avoidance|扫拖一体/Sweep & Mop',
              0.8,
            ),
          ],
        }),
        leaf(50202, '吸尘器/Vacuum Cleaner', [399, 2999], UNIT, {
          nouns: '无线吸尘器/Cordless Vacuum',
          trend: knots(2017, 0.3, 2020, 0.1, 2022, -0.1, 2026, -0.04),
        }),
        leaf(50203, '洗地机/Wet-Dry Floor Washer', [1299, 4599], UNIT, {
          trend: knots(2017, 0.1, 2019, 1.2, 2021, 1, 2023, 0.2, 2026, 0.05),
          weight: 0.4,
        }),
        leaf(50204, '空气净化器/Air Purifier', [499, 3999], UNIT, {
          season: 'winter',
          trend: knots(2017, 0.05, 2020, 0.15, 2022, -0.05, 2026, -0.02),
        }),
        leaf(50205, '加湿器/Humidifier', [69, 899], '4L=1pcs|3L=1pcs|5L=1pcs', { season: 'winter', weight: 0.5 }),
        leaf(50206, '电风扇/Electric Fan', [99, 799], UNIT, {
          nouns: '落地扇/Floor Fan|空气循环扇/Air Circulator|塔扇/Tower Fan',
          season: 'summer',
        }),
        leaf(50207, '除螨仪/Anti-mite Vacuum', [199, 899], UNIT, { weight: 0.3 }),
      ],
    ),
    level2(
      503,
      '大家电/Major Appliances',
      {
        promo: 1.8,
        trend: knots(2017, 0.08, 2021, 0.05, 2026, -0.01),
        groups: [
          group('energy', '一级能效/Grade 1 Efficiency|二级能效/Grade 2 Efficiency|三级能效/Grade 3 Efficiency', 0.5),
          group(
            'function',
            '变频/Inverter|智能互联/Smart Connected|除菌/Sterilizing|自清洁/Self-cleaning|语音控制/Voice Control|超薄/Ultra-slim',
            0.7,
            1,
            2,
          ),
          group('color', '白色/White|银色/Silver|星空灰/Space Grey|玻璃金/Glass Gold', 0.1),
          group('control', 'APP智能/App|遥控/Remote|语音/Voice', 0.1),
        ],
        concepts: concepts(
          '新一级能效/New Grade 1 Efficiency@2020.5:1.8:energy',
          'Mini LED/Mini LED@2022:1.5:function#50304',
          '平嵌/Flush-mounted@2022:1.6:function#50302',
          '分区洗/Zoned Washing@2022.5:1.3:function#50303',
        ),
      },
      [
        leaf(50301, '空调/Air Conditioner', [1999, 7999], '1.5匹/1.5 HP=1pcs|1匹/1 HP=1pcs|3匹/3 HP=1pcs', {
          nouns: '变频空调/Inverter Air Conditioner|立式空调/Floor-standing AC',
          season: 'summer',
          weight: 1.6,
        }),
        leaf(50302, '冰箱/Refrigerator', [1999, 9999], '450L=1pcs|520L=1pcs|300L=1pcs', {
          nouns:
            '十字对开门冰箱/French-door Refrigerator|对开门冰箱/Side-by-side Refrigerator|多门冰箱/Multi-door Refrigerator',
          weight: 1.3,
        }),
        leaf(50303, '洗衣机/Washing Machine', [1299, 6999], '10kg=1pcs|8kg=1pcs|12kg=1pcs', {
          nouns: '滚筒洗衣机/Front-load Washer|洗烘一体机/Washer-dryer|波轮洗衣机/Top-load Washer',
          weight: 1.2,
        }),
        leaf(
          50304,
          '电视/TV',
          [1499, 9999],
          '65英寸/65 inch=1pcs|55英寸/55 inch=1pcs|75英寸/75 inch=1pcs|85英寸/85 inch=1pcs',
          {
            nouns: '智能电视/Smart TV|全面屏电视/Full-screen TV',
            trend: knots(2017, 0.02, 2026, -0.03),
            weight: 1.3,
          },
        ),
        leaf(50305, '热水器/Water Heater', [999, 4999], '16L=1pcs|60L=1pcs|13L=1pcs', {
          nouns: '燃气热水器/Gas Water Heater|电热水器/Electric Water Heater',
          weight: 0.6,
        }),
        leaf(50306, '洗碗机/Dishwasher', [1999, 6999], '13套/13 Place Settings=1pcs|8套/8 Place Settings=1pcs', {
          nouns: '嵌入式洗碗机/Built-in Dishwasher|台式洗碗机/Countertop Dishwasher',
          trend: knots(2017, 0.45, 2021, 0.25, 2026, 0.06),
          weight: 0.5,
        }),
      ],
    ),
    level2(
      504,
      '健康电器/Health Appliances',
      {
        trend: knots(2017, 0.2, 2020, 0.35, 2022, 0, 2026, 0.02),
        groups: [
          group(
            'function',
            '加热/Heating|多档调节/Multi-level|智能语音/Voice|APP同步/App Sync|便携/Portable|充电式/Rechargeable',
            0.8,
            1,
            2,
          ),
          group('crowd', '中老年/Seniors|上班族/Office Workers|运动人群/Athletes|孕妇/Pregnant Women', 0.3),
          group('color', '白色/White|灰色/Grey|粉色/Pink|黑色/Black', 0.1),
        ],
        concepts: concepts('送长辈/Gift for Parents@2020:1.3:scene', '迷你便携/Mini Portable@2021:1.4:function'),
      },
      [
        leaf(50401, '按摩仪/Massager', [99, 999], UNIT, {
          nouns: '颈椎按摩仪/Neck Massager|眼部按摩仪/Eye Massager|按摩靠垫/Massage Cushion',
          weight: 1.3,
        }),
        leaf(50402, '电子血压计/Blood Pressure Monitor', [99, 499], UNIT),
        leaf(50403, '体脂秤/Body Fat Scale', [59, 299], UNIT, { weight: 0.6 }),
        leaf(50404, '足浴盆/Foot Spa', [149, 799], UNIT, { season: 'winter', weight: 0.6 }),
        leaf(50405, '制氧机/Oxygen Concentrator', [999, 4999], UNIT, {
          trend: knots(2017, 0.1, 2022, 0.4, 2023, 0.6, 2024, -0.1, 2026, 0),
          weight: 0.5,
        }),
      ],
    ),
  ],
);

export const PETS: Level1 = level1(
  6,
  '宠物用品/Pet Supplies',
  {
    size: 2.5,
    promo: 1.1,
    trend: knots(2017, 0.3, 2020, 0.25, 2023, 0.12, 2026, 0.08),
    premium: 0.04,
    series:
      '天然/Natural|鲜肉/Fresh Meat|全价/Complete|幼宠/Junior|经典/Classic|荒野/Wild|海洋/Ocean|草原/Prairie|优选/Select',
  },
  [
    level2(
      601,
      '猫粮/Cat Food',
      {
        groups: [
          group('protein', '鸡肉/Chicken|鱼肉/Fish|牛肉/Beef|鸭肉/Duck|三文鱼/Salmon|兔肉/Rabbit', 0.7, 1, 2),
          group('pet_stage', '幼猫/Kitten|成猫/Adult Cat|全阶段/All Life Stages|老年猫/Senior Cat', 0.6),
          group(
            'function',
            '美毛/Coat Care|化毛/Hairball Control|增肥/Weight Gain|护肠胃/Digestive Care|泌尿健康/Urinary Health',
            0.5,
          ),
          group('grain', '低谷/Low-grain|含谷/With Grains', 0.1),
        ],
        concepts: concepts(
          '无谷/Grain-free@2018:1.4:grain',
          '鲜肉/Fresh Meat@2019.5:1.5:protein',
          '生骨肉/Raw Meat & Bone@2021:1.7:protein',
        ),
      },
      [
        leaf(60101, '猫干粮/Dry Cat Food', [59, 399], '2kg|1.5kg|10kg', {
          nouns: '全价猫粮/Complete Cat Food|成猫粮/Adult Cat Food|幼猫粮/Kitten Food',
          weight: 2.2,
        }),
        leaf(60102, '猫罐头/Canned Cat Food', [39, 199], '85g×12罐/85 g × 12=1020g|170g×6罐/170 g × 6=1020g', {
          nouns: '主食罐/Complete-diet Can|猫罐头/Cat Can',
          weight: 1.2,
        }),
        leaf(60103, '猫零食/Cat Treats', [19, 99], '15g×30支/15 g × 30=450g|100g|200g', {
          nouns: '猫条/Lickable Cat Treats|冻干零食/Freeze-dried Treats',
        }),
        leaf(60104, '冻干猫粮/Freeze-dried Cat Food', [99, 599], '1.5kg|1kg|300g', {
          nouns: '冻干双拼猫粮/Freeze-dried Kibble Mix|全冻干猫粮/Freeze-dried Raw Cat Food',
          trend: knots(2017, 0.5, 2020, 0.8, 2022, 0.35, 2026, 0.1),
          weight: 0.6,
        }),
        leaf(60105, '猫营养品/Cat Supplements', [29, 149], '120g|30袋/30 Sachets=30pcs', {
          nouns: '化毛膏/Hairball Paste|猫用益生菌/Cat Probiotics|营养膏/Nutrition Paste',
          weight: 0.5,
        }),
      ],
    ),
    level2(
      602,
      '狗粮/Dog Food',
      {
        trend: knots(2017, 0.2, 2021, 0.15, 2026, 0.05),
        groups: [
          group('protein', '鸡肉/Chicken|牛肉/Beef|羊肉/Lamb|三文鱼/Salmon|鸭肉/Duck', 0.6),
          group('pet_stage', '幼犬/Puppy|成犬/Adult Dog|全阶段/All Life Stages|老年犬/Senior Dog', 0.6),
          group('pet_size', '小型犬/Small Breed|中型犬/Medium Breed|大型犬/Large Breed|全犬型/All Breeds', 0.4),
          group(
            'function',
            '美毛/Coat Care|洁齿/Dental Care|补钙/Calcium|护关节/Joint Care|去泪痕/Tear-stain Care',
            0.5,
          ),
        ],
        concepts: concepts(
          '鲜肉/Fresh Meat@2019.5:1.4:protein',
          '低敏/Hypoallergenic@2020.5:1.3:function',
          '烘焙粮/Oven-baked@2022:1.6#60201',
        ),
      },
      [
        leaf(60201, '狗干粮/Dry Dog Food', [59, 499], '2kg|10kg|1.5kg|15kg', {
          nouns: '全价狗粮/Complete Dog Food|成犬粮/Adult Dog Food|幼犬粮/Puppy Food',
          weight: 2,
        }),
        leaf(60202, '狗罐头/Canned Dog Food', [39, 169], '375g×6罐/375 g × 6=2250g|100g×12包/100 g × 12=1200g', {
          nouns: '狗罐头/Dog Can|湿粮包/Wet Food Pouch',
          weight: 0.5,
        }),
        leaf(60203, '狗零食/Dog Treats', [19, 99], '500g|200g|400g', {
          nouns: '磨牙棒/Dental Chews|鸡肉干/Chicken Jerky|牛肉粒/Beef Bites',
        }),
        leaf(60204, '狗营养品/Dog Supplements', [39, 199], '200片/200 Tablets=200pcs|400g', {
          nouns: '狗用钙片/Dog Calcium Tablets|卵磷脂/Lecithin|关节保健品/Joint Care',
          weight: 0.5,
        }),
      ],
    ),
    level2(
      603,
      '猫砂/Cat Litter',
      {
        trend: knots(2017, 0.35, 2021, 0.25, 2026, 0.08),
        groups: [
          group(
            'function',
            '除臭/Odor Control|低尘/Low Dust|速结团/Fast Clumping|可冲厕所/Flushable|抑菌/Antibacterial',
            0.9,
            1,
            2,
          ),
          group('scent', '原味/Unscented|绿茶/Green Tea|水蜜桃/Peach|玉米/Corn|活性炭/Activated Charcoal', 0.5),
          group('packaging', '袋装/Bag|箱装/Box', 0),
        ],
        concepts: concepts('无尘/Dust-free@2019:1.2:function', '智能/Smart@2020.5:1.8:function#60304'),
      },
      [
        leaf(60301, '豆腐猫砂/Tofu Cat Litter', [19, 89], '6L|2.5kg|6kg', {
          trend: knots(2017, 0.8, 2020, 0.5, 2026, 0.1),
          weight: 1.2,
        }),
        leaf(60302, '膨润土猫砂/Bentonite Cat Litter', [19, 69], '10kg|5kg', {
          trend: knots(2017, 0.15, 2021, -0.02, 2026, -0.05),
        }),
        leaf(60303, '混合猫砂/Mixed Cat Litter', [29, 99], '2.5kg×4包/2.5 kg × 4=10000g|6L', {
          trend: knots(2017, 0.4, 2019, 0.8, 2022, 0.3, 2026, 0.08),
        }),
        leaf(60304, '猫砂盆/Litter Box', [59, 2499], PIECE, {
          nouns: '全封闭猫砂盆/Enclosed Litter Box|智能猫砂盆/Smart Litter Box',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      604,
      '宠物日用/Pet Daily Supplies',
      {
        groups: [
          group(
            'material',
            '棉/Cotton|剑麻/Sisal|瓦楞纸/Corrugated Cardboard|实木/Solid Wood|尼龙/Nylon|陶瓷/Ceramic',
            0.5,
          ),
          group('function', '耐抓/Scratch-resistant|可拆洗/Removable Cover|静音/Quiet|保暖/Warm|反光/Reflective', 0.6),
          group('pet_size', '小型/Small|中型/Medium|大型/Large', 0.2),
          group('color', '灰色/Grey|米色/Beige|粉色/Pink|蓝色/Blue', 0.2),
        ],
        concepts: concepts('太空舱/Space Capsule@2019:1.3#60401,60406', '智能/Smart@2020.5:1.6:function'),
      },
      [
        leaf(60401, '宠物窝/Pet Bed', [39, 299], PIECE, { season: 'winter' }),
        leaf(60402, '猫抓板/Cat Scratcher', [19, 199], PIECE, { weight: 0.6 }),
        leaf(60403, '牵引绳/Leash', [19, 159], '1条/1 pc=1pcs', { nouns: '牵引绳/Leash|胸背带/Harness', weight: 0.6 }),
        leaf(60404, '宠物玩具/Pet Toys', [9.9, 99], PIECE, {
          nouns: '逗猫棒/Cat Teaser|狗狗玩具/Dog Chew Toy|漏食球/Treat Ball',
          weight: 0.7,
        }),
        leaf(60405, '宠物饮水机/Pet Water Fountain', [59, 299], '2L=1pcs|3L=1pcs', { weight: 0.6 }),
        leaf(60406, '猫爬架/Cat Tree', [99, 899], PIECE, { weight: 0.6 }),
      ],
    ),
    level2(
      605,
      '宠物医疗/Pet Health',
      {
        trend: knots(2017, 0.3, 2022, 0.2, 2026, 0.1),
        groups: [
          group(
            'function',
            '驱虫/Deworming|调理肠胃/Gut Balance|美毛/Coat Care|除臭/Deodorizing|补充营养/Nutrition Boost',
            0.8,
          ),
          group('pet_type', '猫用/For Cats|犬用/For Dogs|猫狗通用/Cats & Dogs', 0.4),
          group('pet_stage', '幼宠/Young|成年/Adult|全阶段/All Life Stages', 0.3),
        ],
        concepts: concepts(
          '体内外同驱/Combined Internal & External@2019.5:1.6:function',
          '天然植萃/Natural Botanical@2021:1.3',
        ),
      },
      [
        leaf(60501, '驱虫药/Dewormer', [49, 299], '3支/3 Pipettes=3pcs|1支/1 Pipette=1pcs|4片/4 Tablets=4pcs', {
          nouns: '体内外驱虫药/Internal & External Dewormer|驱虫滴剂/Spot-on Drops',
          weight: 1.5,
        }),
        leaf(60502, '营养膏/Nutrition Paste', [29, 129], '120g|125g|60g', { weight: 0.6 }),
        leaf(60503, '宠物益生菌/Pet Probiotics', [39, 159], '30袋/30 Sachets=30pcs|60g', { weight: 0.6 }),
        leaf(60504, '宠物洗护/Pet Grooming', [29, 129], '500ml|300ml|1L', {
          nouns: '宠物沐浴露/Pet Shampoo|除臭喷雾/Deodorizing Spray',
        }),
      ],
    ),
  ],
);
