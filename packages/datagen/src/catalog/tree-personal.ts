/** Category tree, part 1: beauty, personal care, mother & baby. Prices in CNY. */
import { concepts, group, knots, type Level1, leaf, level1, level2 } from './dsl.js';

const UNIT = '1台/1 Unit=1pcs';

export const BEAUTY: Level1 = level1(
  1,
  '美妆护肤/Beauty & Skincare',
  {
    size: 16,
    promo: 1.3,
    trend: knots(2017, 0.16, 2020, 0.12, 2022, 0.02, 2026, 0.04),
    premium: 0.05,
    series:
      '小金瓶/Golden Bottle|水光/Aqua Glow|冰川/Glacier|雪肌/Snow Skin|红石榴/Red Pomegranate|白茶/White Tea|极光/Aurora|御龄/Age Defy|源力/Origin Power|植萃/Botanic|晶透/Crystal Clear|焕颜/Renew',
  },
  [
    level2(
      101,
      '面部护理/Facial Care',
      {
        promo: 1.35,
        groups: [
          group(
            'efficacy',
            '保湿/Moisturizing|补水/Hydrating|抗皱/Anti-wrinkle|紧致/Firming|美白/Brightening|修护/Repairing|舒缓/Soothing|控油/Oil-control|提亮/Radiance|淡纹/Line-smoothing|祛痘/Anti-acne',
            0.95,
            1,
            2,
          ),
          group(
            'ingredient',
            '烟酰胺/Niacinamide|透明质酸/Hyaluronic Acid|视黄醇/Retinol|神经酰胺/Ceramide|积雪草/Centella|角鲨烷/Squalane|维C/Vitamin C|二裂酵母/Bifida Ferment|多肽/Peptide|水杨酸/Salicylic Acid',
            0.6,
            0,
            1,
          ),
          group(
            'skin_type',
            '所有肤质/All Skin Types|干性肌肤/Dry Skin|油性肌肤/Oily Skin|混合性肌肤/Combination Skin|敏感肌/Sensitive Skin',
            0.15,
            1,
            2,
          ),
          group('packaging', '瓶装/Bottle|管装/Tube|罐装/Jar|盒装/Box', 0),
          group('scene', '熬夜/Late-night|学生党/Student|孕妇可用/Pregnancy-safe|换季/Season-change', 0.15, 0, 1),
        ],
        concepts: concepts(
          '玻色因/Bosein@2019.5:2.5:ingredient',
          '早C晚A/Vitamin C & Retinol Duo@2020.3:1.2',
          '次抛/Single-dose Ampoule@2021:1.5:packaging#10102,10105',
          '重组胶原蛋白/Recombinant Collagen@2021.6:2:ingredient',
          '依克多因/Ectoin@2022.5:1.5:ingredient',
        ),
      },
      [
        leaf(10101, '面霜/Face Cream', [90, 680], '50g|30g|15g', { weight: 1.4 }),
        leaf(10102, '精华/Serum', [120, 880], '30ml|50ml|15ml', { weight: 1.6 }),
        leaf(10103, '乳液/Facial Lotion', [60, 420], '100ml|120ml|50ml'),
        leaf(10104, '爽肤水/Toner', [50, 380], '150ml|200ml|100ml'),
        leaf(10105, '眼霜/Eye Cream', [100, 780], '15g|20g|5g', { weight: 0.7 }),
        leaf(10106, '洁面/Facial Cleanser', [29, 199], '100g|120g|150ml', { nouns: '洁面乳/Facial Cleanser' }),
        leaf(10107, '面膜/Face Mask', [39, 299], '5片/5 Sheets=5pcs|10片/10 Sheets=10pcs|75g', { weight: 1.2 }),
        leaf(10108, '防晒/Sunscreen', [59, 399], '50ml|30ml|60g', { season: 'summer', nouns: '防晒霜/Sunscreen' }),
        leaf(10109, '卸妆/Makeup Remover', [39, 259], '200ml|300ml|100ml', {
          nouns: '卸妆液/Makeup Remover|卸妆油/Cleansing Oil',
        }),
      ],
    ),
    level2(
      102,
      '彩妆/Makeup',
      {
        promo: 1.35,
        trend: knots(2017, 0.25, 2020, 0.12, 2021, -0.02, 2023, -0.05, 2026, 0),
        groups: [
          group('finish', '哑光/Matte|水润/Dewy|丝绒/Velvet|缎光/Satin|持妆/Long-wear|轻薄/Lightweight', 0.9, 1, 2),
          group(
            'color',
            '正红/Classic Red|豆沙/Rosewood|枫叶红/Maple Red|奶茶/Milk Tea|自然色/Natural|象牙白/Ivory',
            0.3,
            1,
            2,
          ),
          group('packaging', '单支装/Single|礼盒装/Gift Box|套装/Set', 0.1),
          group('scene', '日常/Everyday|约会/Date Night|通勤/Commute|新手/Beginner', 0.1),
        ],
        concepts: concepts(
          '国潮/Guochao@2019.5:2:style',
          '伪素颜/No-makeup Look@2020.5:1.2:finish',
          '养肤/Skincare-infused@2021:1.5:efficacy',
        ),
      },
      [
        leaf(10201, '口红/Lipstick', [59, 399], '3.5g|3g|2.5g', { weight: 1.5 }),
        leaf(10202, '粉底液/Liquid Foundation', [89, 560], '30ml|35ml|40ml', { weight: 1.3 }),
        leaf(10203, '气垫/Cushion Compact', [99, 480], '15g|12g'),
        leaf(10204, '眼影/Eyeshadow', [49, 520], '10g|7g|12g', { nouns: '眼影盘/Eyeshadow Palette' }),
        leaf(10205, '睫毛膏/Mascara', [39, 299], '8g|6g|10ml', { weight: 0.6 }),
        leaf(10206, '眉笔/Eyebrow Pencil', [19, 199], '0.2g|0.3g', { weight: 0.5 }),
        leaf(10207, '定妆粉/Setting Powder', [49, 399], '8g|10g|15g', { weight: 0.6 }),
        leaf(10208, '腮红/Blush', [39, 360], '5g|4g|6g', { weight: 0.5 }),
      ],
    ),
    level2(
      103,
      '香水香氛/Fragrance',
      {
        season: 'gift',
        promo: 1.2,
        trend: knots(2017, 0.22, 2023, 0.15, 2026, 0.1),
        groups: [
          group(
            'scent',
            '花香调/Floral|木质调/Woody|柑橘调/Citrus|东方调/Oriental|清新调/Fresh|果香调/Fruity|馥奇调/Fougère',
            0.8,
            1,
            2,
          ),
          group(
            'ingredient',
            '玫瑰/Rose|茉莉/Jasmine|檀木/Sandalwood|雪松/Cedar|白麝香/White Musk|佛手柑/Bergamot|鸢尾/Iris|小苍兰/Freesia',
            0.7,
          ),
          group('gender', '女士/Women|男士/Men|中性/Unisex', 0.3),
          group('packaging', '瓶装/Bottle|礼盒装/Gift Box|小样套装/Travel Set', 0.1),
        ],
        concepts: concepts('沙龙香/Niche Salon@2020:1.8:style', '东方香/Chinese Oriental@2021:1.5:scent'),
      },
      [
        leaf(10301, "女士香水/Women's Perfume", [199, 1580], '50ml|30ml|100ml', {
          nouns: '香水/Eau de Parfum',
          weight: 1.5,
        }),
        leaf(10302, "男士香水/Men's Fragrance", [199, 1280], '50ml|100ml|30ml', { nouns: '淡香水/Eau de Toilette' }),
        leaf(10303, '香薰/Home Fragrance', [69, 499], '150ml|200ml|100ml', { nouns: '无火香薰/Reed Diffuser' }),
        leaf(10304, '香氛蜡烛/Scented Candle', [79, 520], '200g|150g|300g', { weight: 0.6 }),
        leaf(10305, '固体香膏/Solid Perfume', [39, 259], '10g|15g|5g', { weight: 0.4 }),
      ],
    ),
    level2(
      104,
      "男士护理/Men's Skincare",
      {
        trend: knots(2017, 0.2, 2026, 0.12),
        groups: [
          group(
            'efficacy',
            '控油/Oil-control|清爽/Refreshing|保湿/Moisturizing|去黑头/Blackhead Removal|祛痘/Anti-acne|抗初老/Anti-aging',
            0.95,
            1,
            2,
          ),
          group(
            'ingredient',
            '火山泥/Volcanic Mud|薄荷/Mint|氨基酸/Amino Acid|竹炭/Bamboo Charcoal|海盐/Sea Salt',
            0.5,
          ),
          group('skin_type', '油性肌肤/Oily Skin|混合性肌肤/Combination Skin|所有肤质/All Skin Types', 0.05),
          group('scene', '运动后/Post-workout|商务/Business|学生党/Student', 0.1),
        ],
        concepts: concepts('素颜霜/Tone-up Cream@2020.5:1.5#10402', "男士美妆/Men's Makeup@2021.5:1.2:scene"),
      },
      [
        leaf(10401, "男士洁面/Men's Face Wash", [29, 159], '150g|100g|120g', {
          nouns: '洁面乳/Face Wash',
          weight: 1.4,
        }),
        leaf(10402, "男士面霜/Men's Moisturizer", [59, 399], '50g|100g|50ml', { nouns: '面霜/Moisturizer' }),
        leaf(10403, "男士爽肤水/Men's Toner", [49, 299], '150ml|120ml', { nouns: '爽肤水/Toner' }),
        leaf(10404, '剃须膏/Shaving Foam', [29, 129], '200ml|150ml|100g', { nouns: '剃须泡沫/Shaving Foam' }),
        leaf(10405, "男士护肤套装/Men's Skincare Set", [99, 699], '3件套/3-piece Set=3pcs|4件套/4-piece Set=4pcs', {
          nouns: '护肤套装/Skincare Set',
        }),
      ],
    ),
    level2(
      105,
      '美容仪器/Beauty Devices',
      {
        promo: 1.5,
        trend: knots(2017, 0.4, 2021, 0.3, 2023, -0.05, 2026, 0),
        premium: 0.03,
        groups: [
          group(
            'function',
            '射频/Radio Frequency|微电流/Microcurrent|冷敷/Cold Therapy|红光/Red Light|声波/Sonic|导入/Infusion',
            0.8,
            1,
            2,
          ),
          group('efficacy', '紧致/Firming|提拉/Lifting|淡纹/Line-smoothing|嫩肤/Rejuvenating|清洁/Deep Cleansing', 0.6),
          group('color', '玫瑰金/Rose Gold|珍珠白/Pearl White|星空灰/Space Grey', 0.2),
          group('control', 'APP智能/App Control|按键/Button|触控/Touch', 0),
        ],
        concepts: concepts(
          '家用医美/At-home Aesthetics@2020.5:1.8:scene',
          '胶原炮/Collagen Boost@2022:1.5:function#10501',
        ),
      },
      [
        leaf(10501, '美容仪/Facial Device', [599, 4999], UNIT, { nouns: '射频美容仪/RF Beauty Device', weight: 1.5 }),
        leaf(10502, '洁面仪/Facial Cleansing Brush', [99, 899], UNIT),
        leaf(10503, '脱毛仪/Hair Removal Device', [299, 2599], UNIT, { nouns: '冰点脱毛仪/IPL Hair Remover' }),
        leaf(10504, '导入仪/Ion Infusion Device', [199, 1299], UNIT, { weight: 0.5 }),
      ],
    ),
  ],
);

export const PERSONAL_CARE: Level1 = level1(
  2,
  '个人护理/Personal Care',
  {
    size: 8,
    promo: 1,
    trend: knots(2017, 0.1, 2026, 0.04),
    premium: 0.03,
    series:
      '清润/Fresh Moist|原萃/Pure Extract|沁香/Scent Bloom|深净/Deep Clean|柔润/Silky|森林/Forest|海洋/Ocean|经典/Classic|植物/Botanical|净澈/Clarity',
  },
  [
    level2(
      201,
      '洗发护发/Hair Care',
      {
        groups: [
          group(
            'efficacy',
            '去屑/Anti-dandruff|控油/Oil-control|蓬松/Volumizing|柔顺/Smoothing|修护/Repairing|防脱/Anti-hair-loss|止痒/Anti-itch|滋养/Nourishing',
            0.95,
            1,
            2,
          ),
          group(
            'ingredient',
            '氨基酸/Amino Acid|生姜/Ginger|何首乌/Fo-ti|茶树/Tea Tree|椰子油/Coconut Oil|摩洛哥坚果油/Argan Oil|咖啡因/Caffeine',
            0.6,
            0,
            1,
          ),
          group(
            'hair_type',
            '干枯发质/Dry Hair|油性发质/Oily Hair|细软发质/Fine Hair|受损发质/Damaged Hair|所有发质/All Hair Types',
            0.1,
          ),
          group('scent', '无香/Fragrance-free|花香/Floral|果香/Fruity|木质香/Woody', 0.2),
        ],
        concepts: concepts(
          '无硅油/Silicone-free@2017.5:1.2:ingredient',
          '香氛/Perfumed@2020:1.5:scent',
          '头皮养护/Scalp Wellness@2020.5:1.8',
        ),
      },
      [
        leaf(20101, '洗发水/Shampoo', [29, 169], '500ml|400ml|750ml|300ml', { weight: 2.5 }),
        leaf(20102, '护发素/Conditioner', [29, 149], '500ml|400ml|250ml'),
        leaf(20103, '发膜/Hair Mask', [39, 199], '200ml|250g|500ml', { weight: 0.7 }),
        leaf(20104, '染发剂/Hair Dye', [39, 199], '100ml|120ml', { nouns: '染发膏/Hair Color Cream', weight: 0.6 }),
        leaf(20105, '头皮护理/Scalp Care', [69, 399], '50ml|100ml|30ml', {
          nouns: '头皮精华/Scalp Serum',
          trend: knots(2017, 0.3, 2021, 0.45, 2026, 0.12),
          weight: 0.5,
        }),
        leaf(20106, '护发精油/Hair Oil', [49, 259], '100ml|50ml|80ml', { weight: 0.6 }),
      ],
    ),
    level2(
      202,
      '身体护理/Body Care',
      {
        groups: [
          group(
            'efficacy',
            '保湿/Moisturizing|滋润/Nourishing|美白/Brightening|去角质/Exfoliating|清爽/Refreshing|留香/Long-lasting Scent|除螨/Anti-mite',
            0.95,
            1,
            2,
          ),
          group('scent', '樱花/Sakura|玫瑰/Rose|白茶/White Tea|椰子/Coconut|牛奶/Milk|柑橘/Citrus|无香/Unscented', 0.6),
          group(
            'ingredient',
            '烟酰胺/Niacinamide|果酸/AHA|乳木果/Shea Butter|氨基酸/Amino Acid|海盐/Sea Salt',
            0.4,
            0,
            1,
          ),
          group('packaging', '泵装/Pump Bottle|管装/Tube|袋装/Refill Pouch|盒装/Box', 0),
        ],
        concepts: concepts('香氛/Fragrance-led@2020:1.6:scent', '身体精华/Body Serum@2021.5:1.4'),
      },
      [
        leaf(20201, '沐浴露/Body Wash', [29, 149], '500ml|750ml|1L', { weight: 2 }),
        leaf(20202, '身体乳/Body Lotion', [39, 229], '400ml|250ml|200g', { season: 'winter' }),
        leaf(20203, '护手霜/Hand Cream', [19, 129], '50g|30g|75ml', { season: 'winter', weight: 0.6 }),
        leaf(20204, '香皂/Bar Soap', [9.9, 59], '115g|125g|90g', {
          trend: knots(2017, -0.03, 2026, -0.06),
          weight: 0.4,
        }),
        leaf(20205, '磨砂膏/Body Scrub', [39, 169], '200g|250g|300g', { weight: 0.4 }),
      ],
    ),
    level2(
      203,
      '口腔护理/Oral Care',
      {
        groups: [
          group(
            'efficacy',
            '美白/Whitening|清新口气/Fresh Breath|防蛀/Cavity Protection|抗敏/Sensitivity Relief|护龈/Gum Care|去渍/Stain Removal',
            0.95,
            1,
            2,
          ),
          group(
            'ingredient',
            '氟化物/Fluoride|益生菌/Probiotics|酵素/Enzyme|小苏打/Baking Soda|竹炭/Bamboo Charcoal|薄荷/Mint',
            0.5,
          ),
          group('flavor', '薄荷/Mint|茶香/Tea|果味/Fruit|海盐/Sea Salt', 0.2),
          group('crowd', '成人/Adults|儿童/Kids|孕妇/Pregnant Women', 0.1),
        ],
        concepts: concepts(
          '益生菌/Probiotic@2019.5:1.4:ingredient',
          '0酒精/Alcohol-free@2020:1.2',
          '声波/Sonic@2018:1.5:function#20302,20305',
        ),
      },
      [
        leaf(20301, '牙膏/Toothpaste', [12.9, 79], '120g|100g|180g', { weight: 2 }),
        leaf(20302, '电动牙刷/Electric Toothbrush', [99, 899], '1支/1 Brush=1pcs', {
          trend: knots(2017, 0.4, 2020, 0.25, 2026, 0.05),
          weight: 1.3,
        }),
        leaf(20303, '漱口水/Mouthwash', [19, 89], '500ml|250ml|80ml', { weight: 0.5 }),
        leaf(20304, '牙线/Dental Floss', [9.9, 49], '50支/50 Picks=50pcs|100支/100 Picks=100pcs', {
          nouns: '牙线棒/Floss Picks',
          weight: 0.3,
        }),
        leaf(20305, '冲牙器/Water Flosser', [149, 799], UNIT, {
          trend: knots(2017, 0.5, 2021, 0.3, 2026, 0.05),
          weight: 0.6,
        }),
      ],
    ),
    level2(
      204,
      '女性护理/Feminine Care',
      {
        promo: 0.9,
        trend: knots(2017, 0.06, 2026, 0.03),
        groups: [
          group(
            'function',
            '日用/Daytime|夜用/Overnight|超薄/Ultra-thin|防侧漏/Leak-proof|透气/Breathable',
            0.95,
            1,
            2,
          ),
          group('material', '纯棉/Pure Cotton|丝薄/Silky|有机棉/Organic Cotton|网面/Mesh Top', 0.6),
          group('packaging', '袋装/Pack|箱装/Case|组合装/Combo Pack', 0),
        ],
        concepts: concepts('液体卫生巾/Liquid-feel@2021.5:1.6:material#20401', '安心裤/Period Pants@2019:1.2#20404'),
      },
      [
        leaf(20401, '卫生巾/Sanitary Pads', [9.9, 69], '10片/10 Pads=10pcs|8片/8 Pads=8pcs|16片/16 Pads=16pcs', {
          weight: 2.5,
        }),
        leaf(20402, '卫生棉条/Tampons', [29, 99], '16支/16 Tampons=16pcs|32支/32 Tampons=32pcs', { weight: 0.3 }),
        leaf(20403, '护垫/Panty Liners', [9.9, 39], '40片/40 Liners=40pcs|30片/30 Liners=30pcs', { weight: 0.5 }),
        leaf(20404, '安睡裤/Overnight Pants', [19, 69], '5条/5 Pants=5pcs|8条/8 Pants=8pcs', { weight: 0.6 }),
      ],
    ),
    level2(
      205,
      '个护电器/Personal Care Appliances',
      {
        promo: 1.4,
        trend: knots(2017, 0.15, 2021, 0.15, 2026, 0.04),
        groups: [
          group(
            'function',
            '负离子/Negative-ion|高速/High-speed|恒温/Constant Temperature|速干/Quick-dry|静音/Quiet|干湿两用/Wet & Dry',
            0.9,
            1,
            2,
          ),
          group('power', '1000W/1000W|1600W/1600W|1800W/1800W|2000W/2000W', 0.2),
          group('color', '白色/White|黑色/Black|粉色/Pink|灰色/Grey', 0.2),
        ],
        concepts: concepts(
          '11万转/110k RPM@2021:2:function#20501',
          '智能温控/Smart Thermo-control@2020.5:1.3:function',
        ),
      },
      [
        leaf(20501, '电吹风/Hair Dryer', [99, 2999], UNIT, { weight: 1.6 }),
        leaf(20502, '电动剃须刀/Electric Shaver', [129, 1599], UNIT, { weight: 1.3 }),
        leaf(20503, '卷发棒/Curling Iron', [79, 699], '1支/1 Unit=1pcs', { weight: 0.5 }),
        leaf(20504, '直发器/Hair Straightener', [79, 599], '1支/1 Unit=1pcs', {
          nouns: '直发夹板/Hair Straightener',
          weight: 0.4,
        }),
        leaf(20505, '理发器/Hair Clipper', [59, 399], UNIT, { weight: 0.4 }),
      ],
    ),
  ],
);

export const MOTHER_BABY: Level1 = level1(
  3,
  '母婴/Mother & Baby',
  {
    size: 10,
    promo: 1.1,
    trend: knots(2017, 0.12, 2019, 0.05, 2022, -0.02, 2026, -0.03),
    premium: 0.04,
    series:
      '启护/Early Care|呵护/Gentle Care|金装/Gold|有机/Organic|臻护/Premium Care|小萌/Little Cutie|成长/Growing Up|星宝/Star Baby|贝护/Baby Shield',
  },
  [
    level2(
      301,
      '婴幼儿奶粉/Infant Formula',
      {
        promo: 1.2,
        trend: knots(2017, 0.08, 2019, 0, 2022, -0.08, 2026, -0.06),
        premium: 0.05,
        groups: [
          group(
            'ingredient',
            '乳铁蛋白/Lactoferrin|OPO结构脂/OPO|DHA/DHA|益生菌/Probiotics|HMO/HMO|叶黄素/Lutein|A2β-酪蛋白/A2 Beta-casein',
            0.7,
            1,
            2,
          ),
          group(
            'milk_source',
            '新西兰奶源/New Zealand Milk|荷兰奶源/Dutch Milk|澳洲奶源/Australian Milk|国产奶源/Domestic Milk|爱尔兰奶源/Irish Milk',
            0.4,
          ),
          group('packaging', '罐装/Can|盒装/Box|袋装/Pouch', 0),
          group('origin', '进口/Imported|国产/Domestic', 0),
        ],
        concepts: concepts(
          '有机/Organic@2018:1.3:ingredient',
          'A2/A2 Protein@2018.5:1.6:ingredient',
          '新国标/New National Standard@2023.2:1.8',
        ),
      },
      [
        leaf(30101, '一段奶粉/Stage 1 Formula', [199, 498], '800g|900g|400g', {
          nouns: '1段婴儿配方奶粉/Stage 1 Infant Formula',
          weight: 1.2,
        }),
        leaf(30102, '二段奶粉/Stage 2 Formula', [189, 468], '800g|900g', {
          nouns: '2段较大婴儿配方奶粉/Stage 2 Follow-on Formula',
        }),
        leaf(30103, '三段奶粉/Stage 3 Formula', [169, 428], '800g|900g|1.2kg', {
          nouns: '3段幼儿配方奶粉/Stage 3 Growing-up Formula',
          weight: 1.3,
        }),
        leaf(30104, '羊奶粉/Goat Milk Formula', [239, 568], '800g|400g', {
          nouns: '婴儿羊奶粉/Goat Milk Infant Formula',
          trend: knots(2017, 0.25, 2021, 0.12, 2026, 0.02),
          weight: 0.5,
        }),
        leaf(30105, "儿童奶粉/Kids' Milk Powder", [129, 339], '800g|700g', {
          nouns: "儿童成长奶粉/Kids' Growth Milk Powder",
          trend: knots(2017, 0.05, 2026, 0.06),
          weight: 0.5,
        }),
      ],
    ),
    level2(
      302,
      '尿裤湿巾/Diapers & Wipes',
      {
        promo: 1.25,
        trend: knots(2017, 0.08, 2020, 0, 2026, -0.04),
        groups: [
          group('function', '超薄/Ultra-thin|透气/Breathable|干爽/Dry-feel|防漏/Leak-proof|柔软/Soft', 0.9, 1, 2),
          group(
            'material',
            '3D瞬吸芯/3D Absorbent Core|棉柔表层/Cotton-soft Top|纯水/Pure Water|EDI纯水/EDI Pure Water|竹纤维/Bamboo Fiber',
            0.4,
          ),
          group('scene', '日用/Day Use|夜用/Overnight|出游/Travel', 0.2),
          group('age', '新生儿/Newborn|婴儿/Infant|学步期/Toddler', 0),
        ],
        concepts: concepts('弱酸/Weakly Acidic@2020:1.2:function', '小内裤/Underwear-style@2021.5:1.4#30201,30202'),
      },
      [
        leaf(
          30201,
          '纸尿裤/Diapers',
          [69, 219],
          'NB码84片/NB 84 ct=84pcs|S码72片/S 72 ct=72pcs|M码60片/M 60 ct=60pcs|L码50片/L 50 ct=50pcs|XL码44片/XL 44 ct=44pcs',
          { weight: 2.2 },
        ),
        leaf(
          30202,
          '拉拉裤/Pull-ups',
          [79, 239],
          'L码44片/L 44 ct=44pcs|XL码38片/XL 38 ct=38pcs|XXL码32片/XXL 32 ct=32pcs',
          {
            weight: 1.3,
          },
        ),
        leaf(
          30203,
          '婴儿湿巾/Baby Wipes',
          [19, 79],
          '80抽×6包/80 ct × 6=480pcs|80抽×3包/80 ct × 3=240pcs|10抽×10包/10 ct × 10=100pcs',
          {
            weight: 0.6,
          },
        ),
        leaf(
          30204,
          '婴儿棉柔巾/Baby Cotton Tissues',
          [19, 69],
          '100抽×6包/100 ct × 6=600pcs|80抽×3包/80 ct × 3=240pcs',
          {
            nouns: '棉柔巾/Dry Cotton Wipes',
            weight: 0.4,
          },
        ),
      ],
    ),
    level2(
      303,
      '辅食营养/Baby Food & Nutrition',
      {
        trend: knots(2017, 0.2, 2021, 0.12, 2026, 0.05),
        groups: [
          group(
            'flavor',
            '原味/Original|南瓜/Pumpkin|苹果/Apple|香蕉/Banana|胡萝卜/Carrot|草莓/Strawberry|紫薯/Purple Sweet Potato',
            0.7,
          ),
          group('ingredient', '高铁/High Iron|有机/Organic|益生菌/Probiotics|钙铁锌/Calcium Iron Zinc|DHA/DHA', 0.5),
          group('age', '6月+/6M+|8月+/8M+|12月+/12M+|3岁+/3Y+', 0.5),
          group('sugar', '无添加糖/No Added Sugar|低糖/Low Sugar', 0.2),
        ],
        concepts: concepts('0添加/Zero Additives@2020:1.5:sugar', '冻干/Freeze-dried@2020.5:1.5'),
      },
      [
        leaf(30301, '米粉/Rice Cereal', [39, 129], '225g|250g|400g', { nouns: '婴儿营养米粉/Infant Rice Cereal' }),
        leaf(30302, '果泥/Fruit Puree', [19, 79], '100g×6/100 g × 6=600g|90g×4/90 g × 4=360g', { weight: 0.6 }),
        leaf(30303, '婴儿零食/Baby Snacks', [19, 69], '20g|36g|54g', { nouns: '溶豆/Yogurt Melts|米饼/Rice Rusks' }),
        leaf(30304, "儿童面条/Kids' Noodles", [19, 59], '200g|300g', { nouns: '婴儿面条/Baby Noodles', weight: 0.5 }),
        leaf(30305, "儿童营养品/Kids' Supplements", [59, 259], '60粒/60 Softgels=60pcs|30ml|90粒/90 Gummies=90pcs', {
          nouns: 'DHA藻油/DHA Algae Oil|维生素D3滴剂/Vitamin D3 Drops|钙铁锌软糖/Calcium Iron Zinc Gummies',
          weight: 1.2,
        }),
      ],
    ),
    level2(
      304,
      '喂养用品/Feeding Supplies',
      {
        trend: knots(2017, 0.1, 2026, 0),
        groups: [
          group('material', 'PPSU/PPSU|玻璃/Glass|硅胶/Silicone|不锈钢/Stainless Steel|Tritan/Tritan', 0.7),
          group(
            'function',
            '防胀气/Anti-colic|宽口径/Wide-neck|防摔/Drop-proof|恒温/Constant Temperature|便携/Portable',
            0.8,
          ),
          group('age', '0-6月/0-6M|6-18月/6-18M|18月+/18M+', 0.1),
          group('color', '蓝色/Blue|粉色/Pink|绿色/Green|奶白/Cream', 0),
        ],
        concepts: concepts('智能/Smart@2020:1.2:function', '穿戴式/Wearable@2021.5:2#30402'),
      },
      [
        leaf(30401, '奶瓶/Baby Bottle', [49, 299], '160ml|240ml|300ml'),
        leaf(30402, '吸奶器/Breast Pump', [199, 1299], UNIT, { nouns: '电动吸奶器/Electric Breast Pump', weight: 1.2 }),
        leaf(30403, '辅食机/Baby Food Maker', [199, 899], UNIT, { nouns: '辅食料理机/Baby Food Maker', weight: 0.4 }),
        leaf(30404, "儿童水杯/Kids' Cup", [39, 199], '300ml|240ml|400ml', { nouns: '吸管杯/Straw Cup' }),
        leaf(30405, '温奶器/Bottle Warmer', [129, 499], '1.2L=1pcs|1L=1pcs', {
          nouns: '恒温调奶器/Formula Kettle',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      305,
      '婴童洗护/Baby Care',
      {
        groups: [
          group('efficacy', '保湿/Moisturizing|舒缓/Soothing|温和/Gentle|无泪配方/Tear-free|修护/Repairing', 0.9, 1, 2),
          group('ingredient', '山茶油/Camellia Oil|燕麦/Oat|神经酰胺/Ceramide|金盏花/Calendula|氧化锌/Zinc Oxide', 0.6),
          group('age', '新生儿/Newborn|0-3岁/0-3Y|3-12岁/3-12Y', 0.2),
        ],
        concepts: concepts('特护霜/Intensive Care Cream@2019.5:1.6#30502,30504', '儿童专研/Kids-specific@2021:1.3'),
      },
      [
        leaf(30501, '婴儿洗发沐浴/Baby Shampoo & Wash', [39, 149], '300ml|400ml|200ml', {
          nouns: '洗发沐浴露二合一/2-in-1 Shampoo & Body Wash',
        }),
        leaf(30502, '婴儿润肤/Baby Lotion', [39, 159], '200ml|100g|300ml', {
          nouns: '婴儿润肤乳/Baby Lotion',
          season: 'winter',
        }),
        leaf(30503, '护臀膏/Diaper Cream', [29, 99], '60g|30g|100g', { weight: 0.5 }),
        leaf(30504, '婴儿面霜/Baby Face Cream', [49, 169], '50g|30g'),
        leaf(30505, '驱蚊/Mosquito Repellent', [29, 89], '100ml|60ml', {
          nouns: '驱蚊喷雾/Mosquito Repellent Spray',
          season: 'summer',
          weight: 0.5,
        }),
      ],
    ),
    level2(
      306,
      '童车童床/Strollers & Car Seats',
      {
        promo: 1.3,
        trend: knots(2017, 0.1, 2026, -0.02),
        groups: [
          group(
            'function',
            '可坐可躺/Sit & Recline|一键收车/One-hand Fold|高景观/High-view|避震/Shock-absorbing|ISOFIX/ISOFIX|360度旋转/360° Rotation',
            0.85,
            1,
            2,
          ),
          group('material', '铝合金/Aluminum|实木/Solid Wood|碳钢/Carbon Steel|榉木/Beech', 0.3),
          group('color', '曜石黑/Obsidian Black|月光灰/Moon Grey|燕麦色/Oat|雾霾蓝/Haze Blue', 0.2),
          group('age', '0-4岁/0-4Y|0-12岁/0-12Y|9月-3岁/9M-3Y', 0.1),
        ],
        concepts: concepts(
          '遛娃神器/Lightweight Travel Stroller@2020:1.7#30601',
          'i-Size/i-Size@2021:1.3:function#30602',
        ),
      },
      [
        leaf(30601, '婴儿推车/Stroller', [399, 3999], UNIT, { weight: 1.4 }),
        leaf(30602, '安全座椅/Car Seat', [599, 3599], UNIT, { nouns: '儿童安全座椅/Child Car Seat', weight: 1.2 }),
        leaf(30603, '婴儿床/Crib', [399, 2599], '1张/1 Crib=1pcs', {
          nouns: '实木婴儿床/Solid Wood Crib',
          weight: 0.6,
        }),
        leaf(30604, '学步车/Baby Walker', [129, 599], UNIT, { weight: 0.3 }),
      ],
    ),
  ],
);
