/**
 * The web app's strings. `en` must have exactly the keys of `zh-CN`: the type below makes a
 * missing or extra key a compile error, and test/i18n.test.ts checks it again at run time.
 */
const zhCN = {
  'app.name': '市场透镜',
  'app.tagline': '电商市场洞察：品类、品牌、店铺与商品',
  'status.title': '系统状态',
  'status.healthy': '运行正常',
  'status.degraded': '部分服务异常',
  'status.loading': '正在检查系统状态…',
  'status.loadFailed': '获取系统状态失败，请稍后重试',
  'status.retry': '重试',
  'status.version': '版本',
  'status.metadata': '元数据库',
  'status.warehouse': '数据仓库',
  'status.datasets': '已加载数据集',
  'status.noDatasets': '暂无数据集',
  'status.ok': '正常',
  'status.error': '异常',
  'language.label': '语言',
} as const;

type Messages = { readonly [K in keyof typeof zhCN]: string };

const en: Messages = {
  'app.name': 'MarketLens',
  'app.tagline': 'E-commerce market intelligence: categories, brands, shops and products',
  'status.title': 'System status',
  'status.healthy': 'All systems operational',
  'status.degraded': 'Some services are unavailable',
  'status.loading': 'Checking system status…',
  'status.loadFailed': 'Failed to get the system status, please try again later',
  'status.retry': 'Retry',
  'status.version': 'Version',
  'status.metadata': 'Metadata store',
  'status.warehouse': 'Data warehouse',
  'status.datasets': 'Loaded datasets',
  'status.noDatasets': 'No datasets yet',
  'status.ok': 'OK',
  'status.error': 'Error',
  'language.label': 'Language',
};

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = keyof typeof zhCN;
export const MESSAGES: Record<Locale, Messages> = { 'zh-CN': zhCN, en };
