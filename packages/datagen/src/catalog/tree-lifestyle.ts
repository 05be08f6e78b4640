/** Category tree, part 3: sports & outdoors, apparel, home & living. Prices in CNY. */
import { concepts, group, knots, type Level1, leaf, level1, level2 } from './dsl.js';

const UNIT = '1台/1 Unit=1pcs';
const PIECE = '1个/1 pc=1pcs';
const GARMENT = '1件/1 pc=1pcs';
const PAIR = '1双/1 Pair=1pcs';
const GENDER = '男款/Men|女款/Women|男女同款/Unisex';

export const SPORTS: Level1 = level1(
  7,
  '运动户外/Sports & Outdoors',
  {
    size: 8,
    promo: 1.2,
    trend: knots(2017, 0.15, 2021, 0.2, 2023, 0.05, 2026, 0.06),
    premium: 0.03,
    series:
      '飞影/Flash|疾风/Gale|云跑/Cloud Run|山脊/Ridge|极地/Polar|赤兔/Red Hare|追风/Wind Chaser|破晓/Daybreak|旷野/Wilderness|巅峰/Summit',
  },
  [
    level2(
      701,
      '运动鞋/Sports Shoes',
      {
        groups: [
          group(
            'tech',
            '缓震/Cushioning|回弹/Energy Return|透气/Breathable|防滑/Anti-slip|轻量/Lightweight|防水/Waterproof',
            0.8,
            1,
            2,
          ),
          group('gender', GENDER, 0.5),
          group('color', '黑白/Black & White|全黑/Triple Black|灰蓝/Grey Blue|荧光绿/Neon Green|米白/Off-white', 0.3),
        ],
        concepts: concepts(
          '国潮/Guochao@2018.5:1.6:style',
          '碳板/Carbon Plate@2020.5:1.8:tech#70101,70105',
          '超临界发泡/Supercritical Foam@2021.5:1.4:tech',
        ),
      },
      [
        leaf(70101, '跑步鞋/Running Shoes', [199, 1299], PAIR, { weight: 1.6 }),
        leaf(70102, '篮球鞋/Basketball Shoes', [299, 1499], PAIR),
        leaf(70103, '休闲板鞋/Skate Shoes', [129, 699], PAIR, { nouns: '板鞋/Skate Shoes' }),
        leaf(70104, '徒步鞋/Hiking Shoes', [299, 1599], PAIR, {
          trend: knots(2017, 0.1, 2021, 0.4, 2023, 0.3, 2026, 0.1),
          weight: 0.6,
        }),
        leaf(70105, '训练鞋/Training Shoes', [199, 899], PAIR, {
          nouns: '综合训练鞋/Cross-training Shoes',
          weight: 0.6,
        }),
      ],
    ),
    level2(
      702,
      '运动服/Sportswear',
      {
        groups: [
          group(
            'material',
            '速干面料/Quick-dry Fabric|冰丝/Ice Silk|纯棉/Cotton|锦纶/Nylon|摇粒绒/Fleece|防水透湿面料/Waterproof-breathable Fabric',
            0.6,
          ),
          group('gender', GENDER, 0.4),
          group('fit', '宽松/Loose Fit|修身/Slim Fit|常规/Regular Fit', 0.3),
          group('color', '黑色/Black|白色/White|藏青/Navy|雾霾蓝/Haze Blue|燕麦色/Oatmeal', 0.2),
        ],
        concepts: concepts(
          '裸感/Second-skin@2020.5:1.5:tech',
          '防晒/UV-protective@2021.5:1.5:function',
          '山系/Gorpcore@2022.5:1.8:style',
        ),
      },
      [
        leaf(70201, '运动T恤/Sports T-shirt', [59, 399], GARMENT, { season: 'summer' }),
        leaf(70202, '运动裤/Sweatpants', [99, 499], '1条/1 pc=1pcs'),
        leaf(70203, '瑜伽服/Yoga Wear', [99, 699], GARMENT, {
          nouns: '瑜伽裤/Yoga Leggings|运动内衣/Sports Bra',
          trend: knots(2017, 0.3, 2021, 0.35, 2026, 0.1),
        }),
        leaf(70204, '冲锋衣/Hardshell Jacket', [299, 2499], GARMENT, {
          season: 'winter',
          trend: knots(2017, 0.1, 2021, 0.3, 2023, 0.6, 2024, 0.2, 2026, 0.05),
        }),
        leaf(70205, '运动卫衣/Sports Hoodie', [129, 599], GARMENT, { season: 'winter', weight: 0.7 }),
      ],
    ),
    level2(
      703,
      '健身器材/Fitness Equipment',
      {
        trend: knots(2017, 0.2, 2020, 0.9, 2021, 0, 2022, -0.1, 2026, 0),
        groups: [
          group(
            'function',
            '可折叠/Foldable|静音/Quiet|智能计数/Smart Counter|防滑/Non-slip|APP互联/App-connected',
            0.8,
          ),
          group('material', 'TPE/TPE|天然橡胶/Natural Rubber|PVC/PVC|钢/Steel|铸铁/Cast Iron', 0.4),
          group('crowd', '新手/Beginners|专业/Professional|家用/Home Use', 0.2),
          group('color', '紫色/Purple|黑色/Black|粉色/Pink|蓝色/Blue', 0.1),
        ],
        concepts: concepts('智能/Smart@2020:1.6:function', '家庭健身/Home Workout@2020.2:1.8:scene'),
      },
      [
        leaf(70301, '瑜伽垫/Yoga Mat', [39, 399], '6mm/6 mm=1pcs|8mm/8 mm=1pcs|10mm/10 mm=1pcs'),
        leaf(70302, '哑铃/Dumbbells', [59, 999], '5kg|10kg|20kg', {
          nouns: '哑铃/Dumbbells|可调节哑铃/Adjustable Dumbbells',
        }),
        leaf(70303, '跑步机/Treadmill', [999, 5999], UNIT, { weight: 1.4 }),
        leaf(70304, '跳绳/Jump Rope', [19, 199], '1根/1 pc=1pcs', { weight: 0.4 }),
        leaf(70305, '动感单车/Spin Bike', [899, 4999], UNIT),
        leaf(70306, '筋膜枪/Massage Gun', [199, 1299], UNIT, {
          trend: knots(2017, 0.6, 2020, 0.9, 2021, 0, 2023, -0.1, 2026, 0),
        }),
      ],
    ),
    level2(
      704,
      '户外装备/Outdoor Gear',
      {
        season: 'outdoor',
        trend: knots(2017, 0.1, 2020, 0.3, 2021, 0.9, 2022, 0.7, 2023, -0.1, 2026, 0.02),
        groups: [
          group(
            'function',
            '防水/Waterproof|防风/Windproof|速开/Instant Setup|轻量化/Ultralight|防晒/UV-protective|便携/Portable',
            0.8,
            1,
            2,
          ),
          group(
            'material',
            '铝合金/Aluminum Alloy|牛津布/Oxford Cloth|涤纶/Polyester|碳纤维/Carbon Fiber|棉布/Canvas',
            0.4,
          ),
          group('crowd', '单人/Solo|2-3人/2-3 Person|4-6人/4-6 Person', 0.3),
          group('color', '军绿/Army Green|卡其/Khaki|燕麦色/Oatmeal|黑色/Black', 0.2),
        ],
        concepts: concepts('轻量化/Ultralight@2019.5:1.3:function', '精致露营/Glamping@2021:2:scene#70401,70402,70405'),
      },
      [
        leaf(70401, '帐篷/Tent', [199, 2999], '1顶/1 Tent=1pcs', {
          nouns: '露营帐篷/Camping Tent|天幕/Tarp Shelter',
          weight: 1.2,
        }),
        leaf(70402, '露营桌椅/Camping Furniture', [59, 699], '1把/1 pc=1pcs|1张/1 pc=1pcs', {
          nouns: '折叠椅/Folding Chair|蛋卷桌/Roll-up Table',
        }),
        leaf(70403, '登山包/Hiking Backpack', [199, 1599], '40L=1pcs|30L=1pcs|60L=1pcs'),
        leaf(70404, '睡袋/Sleeping Bag', [99, 999], PIECE, { weight: 0.5 }),
        leaf(70405, '户外炊具/Camping Cookware', [99, 899], '1套/1 Set=1pcs', {
          nouns: '卡式炉/Portable Gas Stove|户外套锅/Camping Pot Set',
          weight: 0.6,
        }),
        leaf(70406, '钓鱼装备/Fishing Gear', [99, 1999], '1支/1 pc=1pcs', {
          nouns: '钓鱼竿/Fishing Rod|渔线轮/Fishing Reel',
          trend: knots(2017, 0.15, 2021, 0.35, 2026, 0.1),
        }),
      ],
    ),
    level2(
      705,
      '骑行/Cycling',
      {
        season: 'outdoor',
        trend: knots(2017, 0.05, 2020, 0.3, 2022, 0.6, 2023, 0.2, 2026, 0.05),
        groups: [
          group(
            'material',
            '碳纤维/Carbon Fiber|铝合金/Aluminum Alloy|高碳钢/High-carbon Steel|弹力面料/Stretch Fabric',
            0.5,
          ),
          group(
            'function',
            '轻量/Lightweight|透气/Breathable|防摔/Impact-resistant|夜光/Reflective|防风/Windproof',
            0.7,
          ),
          group('gender', GENDER, 0.2),
          group('color', '黑色/Black|白色/White|红色/Red|荧光黄/Fluorescent Yellow', 0.2),
        ],
        concepts: concepts(
          '公路骑行/Road Cycling@2021.5:1.6:scene',
          '电子变速/Electronic Shifting@2022:1.3:function#70501',
        ),
      },
      [
        leaf(70501, '自行车/Bicycle', [999, 9999], '1辆/1 Bike=1pcs', {
          nouns: '公路车/Road Bike|山地车/Mountain Bike|折叠车/Folding Bike',
          weight: 1.5,
          groups: [
            group(
              'function',
              '22速/22-speed|油压碟刹/Hydraulic Disc Brakes|避震前叉/Suspension Fork|内走线/Internal Routing',
              0.8,
            ),
          ],
        }),
        leaf(70502, '骑行头盔/Cycling Helmet', [99, 899], '1顶/1 pc=1pcs', { weight: 0.5 }),
        leaf(70503, '骑行服/Cycling Jersey', [99, 699], GARMENT, { season: 'summer', weight: 0.5 }),
        leaf(70504, '骑行配件/Cycling Accessories', [29, 599], PIECE, {
          nouns: '车灯/Bike Light|码表/Bike Computer|骑行手套/Cycling Gloves',
          weight: 0.6,
        }),
      ],
    ),
  ],
);

export const APPAREL: Level1 = level1(
  8,
  '服饰鞋包/Apparel, Shoes & Bags',
  {
    size: 25,
    promo: 1.3,
    trend: knots(2017, 0.1, 2020, 0.05, 2026, 0.02),
    premium: 0.03,
    series:
      '都市/Urban|简约/Basic|国风/Guofeng|轻奢/Affordable Luxe|森系/Forest|学院/Campus|度假/Resort|经典/Classic|先锋/Avant-garde|匠心/Artisan',
  },
  [
    level2(
      801,
      "女装/Women's Clothing",
      {
        groups: [
          group(
            'style',
            '通勤/Office|法式/French Style|简约/Minimalist|复古/Vintage|韩系/Korean Style|甜美/Sweet',
            0.7,
          ),
          group(
            'material',
            '纯棉/Cotton|真丝/Silk|羊毛/Wool|雪纺/Chiffon|亚麻/Linen|鹅绒/Goose Down|醋酸/Acetate',
            0.5,
          ),
          group('fit', '宽松/Loose Fit|修身/Slim Fit|A字/A-line|高腰/High-waist', 0.3),
          group('color', '黑色/Black|白色/White|杏色/Apricot|雾霾蓝/Haze Blue|碎花/Floral Print|卡其/Khaki', 0.3, 1, 2),
        ],
        concepts: concepts(
          '新中式/New Chinese Style@2022.5:2:style',
          '多巴胺/Dopamine Dressing@2023.3:1.6:style',
          '静奢/Quiet Luxury@2023.7:1.4:style',
        ),
      },
      [
        leaf(80101, '连衣裙/Dresses', [99, 899], GARMENT, { nouns: '连衣裙/Dress', season: 'summer', weight: 1.5 }),
        leaf(80102, "女士T恤/Women's T-shirts", [49, 299], GARMENT, { nouns: 'T恤/T-shirt', season: 'summer' }),
        leaf(80103, "女士羽绒服/Women's Down Jackets", [399, 2999], GARMENT, {
          nouns: '羽绒服/Down Jacket',
          season: 'winter',
          weight: 1.3,
        }),
        leaf(80104, "女士毛衣/Women's Sweaters", [129, 899], GARMENT, {
          nouns: '针织衫/Knit Sweater',
          season: 'winter',
        }),
        leaf(80105, "女士牛仔裤/Women's Jeans", [99, 599], '1条/1 pc=1pcs', { nouns: '牛仔裤/Jeans' }),
        leaf(80106, "女士外套/Women's Coats", [299, 1999], GARMENT, {
          nouns: '风衣/Trench Coat|西装外套/Blazer|毛呢大衣/Wool Coat',
          season: 'winter',
        }),
      ],
    ),
    level2(
      802,
      "男装/Men's Clothing",
      {
        groups: [
          group('style', '商务/Business|休闲/Casual|潮流/Streetwear|简约/Minimalist|工装/Workwear', 0.7),
          group(
            'material',
            '纯棉/Cotton|亚麻/Linen|羊毛/Wool|冰丝/Ice Silk|白鸭绒/White Duck Down|灯芯绒/Corduroy',
            0.5,
          ),
          group('fit', '宽松/Loose Fit|修身/Slim Fit|直筒/Straight Fit', 0.3),
          group('color', '黑色/Black|藏青/Navy|灰色/Grey|白色/White|军绿/Army Green', 0.2),
        ],
        concepts: concepts(
          '免烫/Non-iron@2018:1.2:function',
          '国潮/Guochao@2019:1.6:style',
          '城市户外/Urban Outdoor@2022.5:1.8:style',
        ),
      },
      [
        leaf(80201, "男士衬衫/Men's Shirts", [99, 599], GARMENT, { nouns: '衬衫/Shirt' }),
        leaf(80202, "男士夹克/Men's Jackets", [199, 1299], GARMENT, { nouns: '夹克/Jacket', season: 'winter' }),
        leaf(80203, "男士休闲裤/Men's Casual Pants", [99, 599], '1条/1 pc=1pcs', { nouns: '休闲裤/Casual Pants' }),
        leaf(80204, "男士卫衣/Men's Hoodies", [99, 499], GARMENT, { nouns: '卫衣/Hoodie', season: 'winter' }),
        leaf(80205, "男士羽绒服/Men's Down Jackets", [399, 2599], GARMENT, {
          nouns: '羽绒服/Down Jacket',
          season: 'winter',
          weight: 1.2,
        }),
        leaf(80206, "男士T恤/Men's T-shirts", [49, 299], GARMENT, { nouns: 'T恤/T-shirt', season: 'summer' }),
      ],
    ),
    level2(
      803,
      '内衣家居服/Underwear & Loungewear',
      {
        groups: [
          group('material', '纯棉/Cotton|莫代尔/Modal|真丝/Silk|蕾丝/Lace|冰丝/Ice Silk|德绒/Thermal Fleece', 0.6),
          group('function', '无痕/Seamless|透气/Breathable|抑菌/Antibacterial|聚拢/Push-up|保暖/Warm', 0.6),
          group('gender', '女士/Women|男士/Men|情侣/Couples', 0.4),
          group('color', '肤色/Nude|黑色/Black|白色/White|雾粉/Dusty Pink|灰色/Grey', 0.2),
        ],
        concepts: concepts(
          '无钢圈/Wire-free@2018.5:1.8:function#80301',
          '无感/Tagless Comfort@2019.5:1.5:function',
          '德绒/Thermal Fleece@2021:1.6:material',
        ),
      },
      [
        leaf(80301, '文胸/Bras', [69, 399], GARMENT, { nouns: '文胸/Bra', weight: 1.3 }),
        leaf(80302, '内裤/Underpants', [39, 199], '3条装/3-pack=3pcs|5条装/5-pack=5pcs|4条装/4-pack=4pcs'),
        leaf(80303, '袜子/Socks', [19, 99], '5双装/5 Pairs=5pcs|10双装/10 Pairs=10pcs|3双装/3 Pairs=3pcs', {
          weight: 0.7,
        }),
        leaf(80304, '家居服/Loungewear', [99, 599], '1套/1 Set=1pcs', {
          nouns: '睡衣套装/Pajama Set|家居服套装/Loungewear Set',
        }),
        leaf(80305, '保暖内衣/Thermal Underwear', [99, 499], '1套/1 Set=1pcs', {
          nouns: '保暖内衣套装/Thermal Underwear Set',
          season: 'winter',
        }),
      ],
    ),
    level2(
      804,
      "女鞋/Women's Shoes",
      {
        groups: [
          group(
            'material',
            '真皮/Genuine Leather|牛皮/Cowhide|羊皮/Sheepskin|帆布/Canvas|漆皮/Patent Leather|网面/Mesh',
            0.6,
          ),
          group('style', '通勤/Office|复古/Vintage|法式/French Style|百搭/Versatile|休闲/Casual', 0.6),
          group('heel', '平跟/Flat|低跟/Low Heel|中跟/Mid Heel|高跟/High Heel', 0.2),
          group('color', '黑色/Black|米白/Off-white|杏色/Apricot|酒红/Burgundy|棕色/Brown', 0.3),
        ],
        concepts: concepts('软底/Soft-sole Comfort@2019.5:1.4:function', '厚底/Platform@2020:1.5:style'),
      },
      [
        leaf(80401, '高跟鞋/High Heels', [129, 899], PAIR, { trend: knots(2017, 0.02, 2020, -0.08, 2026, -0.05) }),
        leaf(80402, '单鞋/Flats', [99, 699], PAIR, {
          nouns: '乐福鞋/Loafers|玛丽珍鞋/Mary Janes|芭蕾舞鞋/Ballet Flats',
          weight: 1.2,
        }),
        leaf(80403, '靴子/Boots', [199, 1299], PAIR, {
          nouns: '切尔西靴/Chelsea Boots|马丁靴/Combat Boots|雪地靴/Snow Boots',
          season: 'winter',
        }),
        leaf(80404, '凉鞋/Sandals', [79, 599], PAIR, { season: 'summer' }),
        leaf(80405, "女士休闲鞋/Women's Sneakers", [129, 699], PAIR, {
          nouns: '小白鞋/White Sneakers|老爹鞋/Chunky Sneakers',
          weight: 1.2,
        }),
      ],
    ),
    level2(
      805,
      '箱包/Bags & Luggage',
      {
        groups: [
          group(
            'material',
            '真皮/Genuine Leather|PU/PU Leather|尼龙/Nylon|帆布/Canvas|PC/PC|铝镁合金/Aluminum-Magnesium',
            0.6,
          ),
          group(
            'function',
            '大容量/Large Capacity|防泼水/Water-repellent|轻便/Lightweight|防盗/Anti-theft|静音万向轮/Silent Spinner Wheels',
            0.6,
          ),
          group('style', '通勤/Office|休闲/Casual|商务/Business|复古/Vintage|简约/Minimalist', 0.5),
          group('color', '黑色/Black|棕色/Brown|米白/Off-white|墨绿/Forest Green|酒红/Burgundy', 0.2),
        ],
        concepts: concepts('小众设计/Indie Design@2020:1.6:style', '前置开口/Front-opening@2021.5:1.7:function#80503'),
      },
      [
        leaf(80501, '双肩包/Backpacks', [99, 899], PIECE, { nouns: '双肩包/Backpack', season: 'school' }),
        leaf(80502, '手提包/Handbags', [199, 2999], PIECE, {
          nouns: '托特包/Tote Bag|斜挎包/Crossbody Bag|腋下包/Shoulder Bag',
          weight: 1.5,
        }),
        leaf(80503, '行李箱/Suitcases', [299, 2999], '20英寸/20 inch=1pcs|24英寸/24 inch=1pcs|28英寸/28 inch=1pcs', {
          nouns: '拉杆箱/Trolley Suitcase',
          trend: knots(2017, 0.08, 2020, -0.3, 2021, 0.2, 2023, 0.3, 2026, 0.05),
        }),
        leaf(80504, '钱包/Wallets', [59, 899], PIECE, {
          nouns: '长款钱包/Long Wallet|卡包/Card Holder|短款钱包/Bi-fold Wallet',
          weight: 0.6,
        }),
        leaf(80505, '胸包腰包/Chest & Waist Bags', [49, 399], PIECE, {
          nouns: '胸包/Chest Bag|腰包/Belt Bag',
          weight: 0.5,
        }),
      ],
    ),
  ],
);

export const HOME: Level1 = level1(
  9,
  '家居日用/Home & Living',
  {
    size: 8,
    promo: 1,
    trend: knots(2017, 0.12, 2020, 0.18, 2026, 0.04),
    premium: 0.02,
    series:
      '经典/Classic|清新/Fresh|原木/Natural Wood|净享/Pure|暖居/Cozy Home|简净/Simple Clean|云朵/Cloud|森林/Forest|花园/Garden',
  },
  [
    level2(
      901,
      '清洁用品/Cleaning Supplies',
      {
        groups: [
          group(
            'efficacy',
            '除菌/Antibacterial|除螨/Anti-mite|护色/Color Care|低泡/Low Foam|易漂洗/Easy Rinse|去油污/Grease Removal|留香/Long-lasting Scent',
            0.9,
            1,
            2,
          ),
          group('scent', '薰衣草/Lavender|青柠/Lime|樱花/Sakura|无香/Unscented|栀子花/Gardenia', 0.4),
          group('packaging', '瓶装/Bottle|袋装/Refill Pouch|桶装/Jug|盒装/Box', 0.2),
        ],
        concepts: concepts(
          '浓缩/Concentrated@2019:1.4:efficacy',
          '香氛/Perfumed@2020.5:1.5:scent',
          '酵素/Enzyme@2021:1.3:ingredient',
        ),
      },
      [
        leaf(90101, '洗衣液/Laundry Detergent', [29, 99], '2kg|3kg|1kg', { weight: 2 }),
        leaf(90102, '洗衣凝珠/Laundry Pods', [29, 99], '52颗/52 Pods=52pcs|30颗/30 Pods=30pcs|100颗/100 Pods=100pcs', {
          trend: knots(2017, 0.8, 2020, 0.5, 2022, 0.2, 2026, 0.06),
        }),
        leaf(90103, '消毒液/Disinfectant', [19, 79], '1L|2.5L|500ml', {
          trend: knots(2017, 0.05, 2019.9, 0.05, 2020.1, 1.2, 2021, -0.3, 2022, 0.1, 2023, -0.2, 2026, 0),
          weight: 0.6,
        }),
        leaf(90104, '厨房清洁剂/Kitchen Cleaner', [9.9, 49], '500ml|1.5kg|1kg', {
          nouns: '油污净/Degreaser|洗洁精/Dish Soap',
        }),
        leaf(90105, '洁厕剂/Toilet Cleaner', [9.9, 49], '500g|600g×2瓶/600 g × 2=1200g', {
          nouns: '洁厕液/Toilet Cleaner|洁厕块/Toilet Bowl Tablets',
          weight: 0.5,
        }),
      ],
    ),
    level2(
      902,
      '纸品湿巾/Paper & Wipes',
      {
        promo: 1.1,
        trend: knots(2017, 0.1, 2026, 0.03),
        groups: [
          group('material', '原生木浆/Virgin Wood Pulp|竹浆/Bamboo Pulp|纯棉/Pure Cotton', 0.6),
          group(
            'function',
            '加厚/Extra-thick|可湿水/Wet-strength|无香/Unscented|亲肤/Skin-friendly|可冲散/Flushable',
            0.7,
          ),
          group('packaging', '软抽/Soft Pack|盒装/Box|卷装/Roll|整箱/Case', 0.2),
        ],
        concepts: concepts('乳霜纸/Lotion Tissue@2019.5:1.5:function', '母婴级/Baby-grade@2020:1.4:crowd'),
      },
      [
        leaf(
          90201,
          '抽纸/Facial Tissue',
          [19, 79],
          '3层100抽×24包/3-ply 100 × 24=2400pcs|4层80抽×18包/4-ply 80 × 18=1440pcs',
          { weight: 1.8 },
        ),
        leaf(90202, '卷纸/Toilet Paper', [29, 89], '4层27卷/4-ply 27 Rolls=27pcs|4层12卷/4-ply 12 Rolls=12pcs', {
          nouns: '卷纸/Toilet Paper Roll',
          weight: 1.2,
        }),
        leaf(90203, '湿厕纸/Moist Toilet Tissue', [19, 69], '80抽×6包/80 × 6=480pcs|40抽×10包/40 × 10=400pcs', {
          trend: knots(2017, 0.5, 2020, 0.4, 2026, 0.1),
          weight: 0.5,
        }),
        leaf(90204, '厨房纸/Kitchen Paper', [19, 59], '75节×6卷/75 × 6 Rolls=6pcs|4卷/4 Rolls=4pcs', {
          nouns: '厨房用纸/Kitchen Towel',
          weight: 0.5,
        }),
        leaf(90205, '洗脸巾/Face Towel', [19, 69], '80抽×3包/80 × 3=240pcs|60抽/60 ct=60pcs', {
          nouns: '一次性洗脸巾/Disposable Face Towel',
          trend: knots(2017, 0.8, 2020, 0.6, 2022, 0.2, 2026, 0.05),
          weight: 0.5,
        }),
      ],
    ),
    level2(
      903,
      '厨具/Cookware',
      {
        groups: [
          group(
            'material',
            '不锈钢/Stainless Steel|铸铁/Cast Iron|陶瓷/Ceramic|钛/Titanium|竹木/Bamboo & Wood|麦饭石/Maifan Stone',
            0.7,
          ),
          group(
            'function',
            '不粘/Non-stick|少油烟/Low Smoke|保温/Insulated|防霉/Mold-resistant|抗菌/Antibacterial',
            0.6,
          ),
          group('scene', '家用/Home|办公/Office|户外/Outdoor|学生/Student', 0.2),
          group('color', '白色/White|黑色/Black|奶油色/Cream|雾蓝/Misty Blue', 0.2),
        ],
        concepts: concepts(
          '316不锈钢/316 Stainless Steel@2019:1.4:material',
          '无涂层/Coating-free@2020.5:1.3:function',
          '纯钛/Pure Titanium@2022:1.7:material',
        ),
      },
      [
        leaf(90301, '炒锅/Wok', [99, 699], '32cm/32 cm=1pcs|30cm/30 cm=1pcs|34cm/34 cm=1pcs', {
          nouns: '不粘炒锅/Non-stick Wok|铁锅/Iron Wok',
        }),
        leaf(90302, '保温杯/Insulated Bottle', [59, 399], '500ml|350ml|1L', { weight: 1.3 }),
        leaf(90303, '刀具/Knives', [59, 999], '1把/1 pc=1pcs|6件套/6-piece Set=6pcs', {
          nouns: "菜刀/Chef's Knife|刀具套装/Knife Set",
          weight: 0.6,
        }),
        leaf(90304, '砧板/Cutting Board', [39, 299], '1块/1 pc=1pcs', { weight: 0.4 }),
        leaf(
          90305,
          '餐具/Tableware',
          [29, 499],
          '10件套/10-piece Set=10pcs|28件套/28-piece Set=28pcs|10双/10 Pairs=10pcs',
          {
            nouns: '陶瓷碗碟套装/Ceramic Dinnerware Set|合金筷子/Alloy Chopsticks',
          },
        ),
      ],
    ),
    level2(
      904,
      '床上用品/Bedding',
      {
        trend: knots(2017, 0.08, 2026, 0.03),
        groups: [
          group(
            'material',
            '纯棉/Cotton|长绒棉/Long-staple Cotton|莱赛尔/Lyocell|乳胶/Latex|桑蚕丝/Mulberry Silk|羽绒/Down',
            0.6,
          ),
          group('function', 'A类/Class A|抗菌/Antibacterial|防螨/Anti-mite|透气/Breathable|保暖/Warm', 0.6),
          group('style', '简约/Minimalist|北欧/Nordic|中式/Chinese Style|卡通/Cartoon|奶油风/Cream Style', 0.4),
          group('color', '灰色/Grey|米白/Off-white|雾蓝/Misty Blue|奶咖/Latte|豆绿/Pea Green', 0.2),
        ],
        concepts: concepts(
          'A类母婴级/Class A Baby-grade@2020:1.4:function',
          '零压/Zero-pressure@2021:1.3:function',
          '石墨烯/Graphene@2021.5:1.5:material',
        ),
      },
      [
        leaf(90401, '四件套/Bedding Set', [129, 999], '1.5m床/1.5 m Bed=1pcs|1.8m床/1.8 m Bed=1pcs', {
          nouns: '床上四件套/4-piece Bedding Set',
          weight: 1.3,
        }),
        leaf(90402, '枕头/Pillow', [59, 599], '1只/1 pc=1pcs|2只装/2-pack=2pcs', {
          nouns: '乳胶枕/Latex Pillow|记忆棉枕/Memory Foam Pillow|羽绒枕/Down Pillow',
        }),
        leaf(90403, '被子/Duvet', [199, 1999], '200×230cm/200×230 cm=1pcs|150×200cm/150×200 cm=1pcs', {
          nouns: '蚕丝被/Silk Duvet|羽绒被/Down Duvet|冬被/Winter Quilt',
          season: 'winter',
        }),
        leaf(90404, '床垫/Mattress', [799, 5999], '1.5m/1.5 m=1pcs|1.8m/1.8 m=1pcs', {
          nouns: '乳胶床垫/Latex Mattress|弹簧床垫/Spring Mattress',
          weight: 1.2,
        }),
        leaf(90405, '凉席/Summer Mat', [59, 399], '1.5m/1.5 m=1pcs|1.8m/1.8 m=1pcs', {
          nouns: '冰丝凉席/Ice Silk Summer Mat|藤席/Rattan Mat',
          season: 'summer',
          weight: 0.5,
        }),
      ],
    ),
    level2(
      905,
      '收纳整理/Storage & Organization',
      {
        groups: [
          group(
            'function',
            '可折叠/Foldable|防潮/Moisture-proof|可叠加/Stackable|免打孔/No-drill|大容量/Large Capacity',
            0.8,
            1,
            2,
          ),
          group('material', 'PP/PP|布艺/Fabric|实木/Solid Wood|碳钢/Carbon Steel|竹/Bamboo', 0.5),
          group('scene', '衣柜/Wardrobe|厨房/Kitchen|浴室/Bathroom|宿舍/Dorm', 0.4),
          group('color', '白色/White|透明/Clear|灰色/Grey|原木色/Wood Tone', 0.2),
        ],
        concepts: concepts('奶油风/Cream Style@2022:1.5:style', '桌面收纳/Desk Organizer@2020:1.3:scene'),
      },
      [
        leaf(90501, '收纳箱/Storage Box', [29, 199], '1个/1 pc=1pcs|3个装/3-pack=3pcs', { weight: 1.3 }),
        leaf(90502, '衣架/Clothes Hangers', [19, 79], '20个装/20-pack=20pcs|50个装/50-pack=50pcs', { weight: 0.6 }),
        leaf(90503, '置物架/Storage Rack', [49, 499], PIECE),
        leaf(90504, '真空压缩袋/Vacuum Storage Bags', [19, 79], '8件套/8-piece Set=8pcs|12件套/12-piece Set=12pcs', {
          weight: 0.5,
        }),
      ],
    ),
  ],
);
