/**
 * Canonical user-facing texts in both languages (docs/product.md §5, §8, §9).
 *
 * Validators and parsers in this package return message KEYS, never text, so the server (error
 * envelopes in the request's locale) and the web (react-i18next resources) render the very same
 * words. `en` defines the key set; `zh-CN` is typed against it, so a key missing from — or extra
 * in — either language is a compile error.
 *
 * Placeholders are written `{name}` and filled by {@link translate}.
 *
 * Plurals follow i18next's convention, so the web (which loads this catalogue into i18next) and the
 * server render a counted message alike: the number is the `count` param, the key itself is the
 * plural ("other") text and `<key>_one` the singular. Every language carries both keys; Chinese has
 * no singular (CLDR), so its `_one` text is the same as the key's and is never picked.
 */

import { analysisMessages } from './messages/analysis.js';
import { auditMessages } from './messages/audit.js';
import { brandMessages } from './messages/brand.js';
import { chartNoteMessages } from './messages/chart-notes.js';
import { contrastMessages } from './messages/contrast.js';
import { coverageMessages } from './messages/coverage.js';
import { customAttributeMessages } from './messages/custom-attributes.js';
import { downloadMessages } from './messages/download.js';
import { eventComparisonMessages } from './messages/event-comparison.js';
import { eventReviewMessages } from './messages/event-review.js';
import { exploreMessages } from './messages/explore.js';
import { flagMessages } from './messages/flags.js';
import { hotMessages } from './messages/hot.js';
import { insightMessages } from './messages/insight.js';
import { mailMessages } from './messages/mail.js';
import { movementMessages } from './messages/movement.js';
import { potentialMessages } from './messages/potential.js';
import { priceMessages } from './messages/price.js';
import { productAnalysisMessages } from './messages/product-analysis.js';
import { projectEventMessages } from './messages/project-events.js';
import { savedViewMessages } from './messages/saved-views.js';
import { shopMessages } from './messages/shop.js';

/** UI languages (docs/product.md §1); zh-CN is the default. */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

const coreEn = {
  'app.name': 'MarketLens',

  // docs/product.md §5 validation messages (quoted texts kept verbatim).
  'validation.password.required': 'Please enter password.',
  'validation.password.weak':
    'The password must have at least {min} characters, including a number, a lowercase letter and an uppercase letter.',
  'validation.password.repeatRequired': 'Please enter the password again.',
  'validation.password.mismatch': 'Passwords do not match.',
  'validation.email.required': 'Please enter email.',
  'validation.email.invalid': 'Email format error.',
  'validation.username.required': 'Please enter username.',
  'validation.enterprise.required': 'Please enter enterprise.',
  'validation.telephone.required': 'Please enter telephone.',
  'validation.telephone.invalid':
    'Enter a valid telephone number: digits, optionally with +, spaces, hyphens or brackets.',
  'validation.float.invalid': 'Please enter a valid number.',
  'validation.range.required': 'Please enter a value.',
  'validation.range.notNumber': 'Please enter a non-negative number.',
  'validation.range.negative': 'Do not input negative numbers',
  'validation.range.order': 'The first value cannot be greater than the second.',
  'validation.period.invalid': 'The start date cannot be later than the end date.',
  'validation.period.benchmarkNotEarlier': 'The benchmark period must be earlier than the target period.',
  'validation.period.outOfRange': 'Choose a period between {min} and {max}.',
  'validation.keyword.required': 'Please enter a keyword.',
  'validation.keyword.duplicate': 'This keyword already exists!',
  'validation.attributeValues.tooMany': 'Select at most {max} attribute values.',

  // docs/product.md §5 super query.
  'superQuery.invalidFormat': 'The format of the super query clause is incorrect.',
  'superQuery.invalidFormatAt': 'The format of the super query clause is incorrect (near character {position}).',

  // Custom SQL where-clause (docs/product.md §5) and analytics warnings (docs/product.md §8).
  'customSql.empty': 'Please enter a where-clause.',
  'customSql.tooLong': 'The where-clause is too long (at most {count} characters).',
  'customSql.tooLong_one': 'The where-clause is too long (at most {count} character).',
  'customSql.unbalancedBrackets': 'The brackets of the where-clause are not balanced.',
  'customSql.comment': 'Comments are not allowed in the where-clause.',
  'customSql.multipleStatements': 'Only one condition is allowed; remove the semicolon.',
  'customSql.syntax': 'The where-clause is not valid SQL (near character {position}).',
  'customSql.unknownColumn': 'Unknown column "{column}".',
  'customSql.notAllowed':
    '"{what}" is not allowed in the where-clause; use columns, values, comparisons, IN, LIKE, BETWEEN, IS NULL, AND, OR and NOT.',
  'customSql.typeMismatch': 'The value for column "{column}" has the wrong type.',
  'customSql.notInAlone': 'NOT IN cannot be used alone; combine it with another condition.',
  'analytics.unequalPeriods': 'The compared periods have different lengths.',
  'analytics.noData': 'There is no data for this filter.',
  'analytics.categoryAndSql': 'Choose categories or a custom SQL condition, not both.',
  'analytics.unknownAttribute': 'Unknown attribute "{name}".',

  // docs/product.md §5 server strings, verbatim: clients and API tests may compare them literally.
  'server.incorrectCurrentPassword': 'incorrect current password',
  'server.nameExists': 'name already exists',
  'server.usernameExists': 'username already exists',
  'server.emailExists': 'email already exists',
  'server.invalidArgument': 'invalid argument',
  'server.notFound': 'not found',
  'server.projectExists': 'the project already exists',
  'server.projectNotFound': 'the project does not exist',
  'pictures.notFound': 'There is no picture with this id.',

  // Generic API failures (the error mapping of docs/architecture.md "The server").
  'server.invalidArgumentDetail': 'invalid argument: {field}',
  'server.unauthorized': 'Please sign in again.',
  'server.forbidden': 'You do not have permission for this.',
  'server.passwordChangeRequired': 'Please change your password before you continue.',
  'server.queryTimeout': 'The query took too long and was stopped. Narrow the filter and try again.',
  'server.overloaded': 'The server is busy with other analyses right now. Please try again in a few seconds.',
  'server.cancelled': 'The request was cancelled.',
  'server.payloadTooLarge': 'The request is too large.',
  'server.internalError': 'Something went wrong on the server. Please try again later.',
  'server.warehouseUnavailable':
    'The {warehouse} data warehouse is not reachable right now. Please try again in a moment.',
  'server.warehouseLimit':
    'This analysis is too large for the {warehouse} data warehouse. Narrow the filter (fewer categories, products or months) and try again.',
  'server.warehouseQueryFailed':
    'The {warehouse} data warehouse could not answer this analysis. The problem has been logged; please try again later.',
  'server.metadataUnavailable': 'The service is temporarily unavailable. Please try again in a moment.',

  // Sign-in and accounts (docs/product.md §4, §8).
  'auth.invalidCredentials': 'invalid login or password, {count} attempts left before the account is locked',
  'auth.invalidCredentials_one': 'invalid login or password, {count} attempt left before the account is locked',
  'auth.locked':
    'The account is locked after too many failed sign-ins. Contact your administrator or try again in {count} minutes.',
  'auth.locked_one':
    'The account is locked after too many failed sign-ins. Contact your administrator or try again in {count} minute.',
  'auth.lockedByAdministrator': 'The account is locked. Contact your administrator.',
  'auth.pendingReview': 'The account is pending review and cannot sign in yet.',
  'auth.expired': 'The account has expired or is outside its validity period.',
  'auth.accountNotValid': 'The account is not valid.',
  'auth.noAppPermission': 'This application has no permission to sign in.',
  'auth.rateLimited': 'Too many attempts. Please try again in {count} seconds.',
  'auth.rateLimited_one': 'Too many attempts. Please try again in {count} second.',
  'auth.rateLimitUnavailable': 'Sign-in is temporarily unavailable. Please try again in a moment.',
  'auth.sessionEnded': 'The session has ended. Please sign in again.',
  'auth.passwordChanged': 'Password changed.',
  'auth.passwordResetSent': 'If the account exists, a reset link has been sent to its email.',
  'auth.passwordResetDone': 'Password reset. Please sign in with the new password.',
  'auth.passwordResetInvalid': 'The reset link is invalid or has expired.',
  'auth.resetMailSubject': 'Reset your MarketLens password',
  'auth.resetMailBody': 'Open this link within {count} minutes to set a new password: {link}',
  'auth.resetMailBody_one': 'Open this link within {count} minute to set a new password: {link}',
  'auth.wechatUnavailable': 'WeChat sign-in is not available.',
  'auth.wechatStateInvalid': 'The WeChat sign-in request is invalid or has expired. Please try again.',
  'auth.wechatFailed': 'WeChat sign-in failed. Please try again.',
  'auth.wechatAlreadyBound': 'This WeChat account is already bound to another user.',
  'auth.wechatNotBound': 'No account is bound to this WeChat account. Sign in with your password and bind it first.',
  'auth.wechatUnbindPending': 'An unbinding request is already waiting for review.',
  'auth.wechatNotBoundSelf': 'Your account has no WeChat binding.',
  'auth.wechatOtherBrowser':
    'This WeChat sign-in was started in another browser. Start it again from the sign-in page in this browser.',
  'auth.childAppKeyOwn': 'child_app_key must name a child app, not MarketLens itself.',
  'auth.sessionNotFound': 'The session does not exist or has already ended.',

  // Account and project administration.
  'users.roleNotAllowed': 'You cannot assign or change this role.',
  'users.cannotDeleteSelf': 'You cannot delete your own account.',
  'users.applicationReviewed': 'This request has already been reviewed.',
  'users.notMember': 'The user is not a member of this project.',
  'users.alreadyMember': 'The user is already a member of this project.',
  'users.addByUsername': 'Add members by their user name.',
  'users.pendingRootOnly': 'Only root decides on an account pending review: approve or reject its opening.',
  'users.pendingNotSettable': 'An account cannot be put back to pending review.',
  'batch.invalidRows': 'Some rows are invalid; nothing was saved.',
  'batch.duplicateInFile': 'appears more than once in the file',
  'batch.userNotFound': 'the user does not exist',
  'batch.roleInvalid': 'unknown role',
  'batch.dateInvalid': 'invalid date (use YYYY-MM-DD)',
  'upload.notSpreadsheet': 'The file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file.',
  'upload.badWorkbook':
    'The Excel workbook is damaged or cannot be read; open it in Excel, save it again as .xlsx and upload it.',
  'upload.encrypted': 'The workbook is password-protected; remove the password in Excel and upload it again.',
  'upload.oldExcel': 'Old Excel files (.xls) cannot be read; in Excel, save the file as .xlsx or CSV and upload that.',
  'upload.empty': 'The file is empty.',
  'upload.tooManyRows': 'The file has more than {count} rows; split it into smaller files.',
  'upload.tooManyRows_one': 'The file has more than {count} row; split it into smaller files.',
  'upload.tooLarge': 'The file is larger than {max}; split it into smaller files.',
  'upload.workbookTooLarge':
    'The workbook unpacks to more than {max}; split it into smaller files or save the sheet as CSV.',
  'upload.workbookPartTooLarge':
    'A part of the workbook (a sheet, a picture …) unpacks to more than {max}; split it into smaller files or save the sheet as CSV.',
  'upload.workbookTooManyParts':
    'The workbook has more than {count} parts (sheets, pictures …); copy the sheet into a new workbook or save it as CSV.',
  'upload.workbookTooManyParts_one':
    'The workbook has more than {count} part (sheets, pictures …); copy the sheet into a new workbook or save it as CSV.',
  'projects.datasetNotFound': 'The dataset does not exist.',
  'projects.datasetInUse':
    "The dataset cannot be changed while the project has categories or members' data grants: they are category, brand and shop ids of this dataset, which mean something else in another one. Remove the project's categories and the members' brand and shop grants first, then change the dataset.",
  'projects.categoryNotInDataset': 'the category does not exist in the dataset',
  'projects.categoryExists': 'the category is already in the project',
  'projects.categoryNotFound': 'The category is not in this project.',
  'projects.bandsInvalid': 'Bands must be non-negative ranges in increasing order.',
  'projects.noPriceData': 'There is no price data for this category.',
  'projects.attributeNotFound': 'The attribute does not exist in the dataset.',
  'projects.pagesInvalid': 'A project needs at least one valid page.',
  'projects.dateFieldMismatch': "The granularity does not match the dataset's (by month or by week).",
  'projects.currencyMismatch': "The currency does not match the dataset's.",
  'projects.deleteRootOnly': 'Only root may delete a project.',

  // Favourites (docs/product.md §7, §8): the favourites folder and the favourite brands of a project.
  'collections.getFailed': 'Failed to get favorites, please try again later',
  'collections.readFailed': 'Failed to read favorite brands, please try again later',
  'collections.updateFailed': 'Failed to update favorite brands, please try again later',
  'collections.deleteFailed': 'Failed to delete the favorite, please try again later',
  'collections.notFound': 'The favorite does not exist.',
  'collections.brandNotInDataset': 'The brand does not exist in the project data: {ids}',

  // docs/product.md §9 percent display at or above 10 000 %.

  // docs/product.md §2 route names (page title = product name + route name).
  'route.hot': 'Trend Overview',
  'route.explore': 'Concept Explore',
  'route.potential': 'Potential Brand',
  'route.discover': 'Category Insight',
  'route.brand': 'Brand Detail',
  'route.analysis': 'Product Analysis',
  'route.contrast': 'Brand Comparison',
  'route.favoriteBrand': 'Favorite Brands',
  'route.shop': 'Store Analysis',
  'route.login': 'Login',
  'route.price': 'Price Enquiry',
  'route.priceGoods': 'Choose Categories',
  'route.pricePayment': 'Quotation',
  'route.personalCenter': 'Personal Center',
  'route.changePassword': 'Change Password',
  'route.favorites': 'Favorites',
  'route.sessions': 'Signed-in Sessions',
  'route.savedViews': 'My Views',
  'route.projects': 'Projects',
  'route.projectInfo': 'Project Info',
  'route.categoryManagement': 'Category Management',
  'route.attributeManagement': 'Attribute Management',
  'route.userManagement': 'User Management',
  'route.accounts': 'Accounts',
  'route.accountList': 'Account List',
  'route.accountCreate': 'Open Account',
  'route.accountEdit': 'Edit Account',
  'route.accountBatchCreate': 'Batch Create Accounts',
  'route.accountBatchUpdate': 'Batch Update Accounts',
  'route.icons': 'Icons',
  'route.forbidden': 'Unauthorized',
  'route.noProject': 'No project yet',
} as const satisfies Record<string, string>;

/** Areas with their own files (messages/*.ts), merged into the one catalogue. */
const AREAS = [
  analysisMessages,
  coverageMessages,
  flagMessages,
  auditMessages,
  downloadMessages,
  insightMessages,
  brandMessages,
  hotMessages,
  exploreMessages,
  priceMessages,
  potentialMessages,
  productAnalysisMessages,
  contrastMessages,
  shopMessages,
  movementMessages,
  mailMessages,
  customAttributeMessages,
  projectEventMessages,
  eventComparisonMessages,
  eventReviewMessages,
  savedViewMessages,
  chartNoteMessages,
] as const;
type AreaKey = (typeof AREAS)[number] extends infer A ? (A extends { en: infer E } ? keyof E : never) : never;
const en: Readonly<Record<keyof typeof coreEn | AreaKey, string>> = Object.assign(
  {},
  coreEn,
  ...AREAS.map((a) => a.en),
);

export type MessageKey = keyof typeof en;

const coreZhCN: Record<keyof typeof coreEn, string> = {
  'app.name': '市场透镜',

  'validation.password.required': '请输入密码',
  'validation.password.weak': '密码至少 {min} 位，且须同时包含数字、小写字母和大写字母',
  'validation.password.repeatRequired': '请再次输入密码',
  'validation.password.mismatch': '两次输入的密码不一致',
  'validation.email.required': '请输入邮箱',
  'validation.email.invalid': '邮箱格式不正确',
  'validation.username.required': '请输入用户名',
  'validation.enterprise.required': '请输入企业名称',
  'validation.telephone.required': '请输入联系电话',
  'validation.telephone.invalid': '请输入有效的联系电话：数字，可带 +、空格、连字符或括号',
  'validation.float.invalid': '请输入有效的数字',
  'validation.range.required': '请输入数值',
  'validation.range.notNumber': '请输入非负数',
  'validation.range.negative': '请勿输入负数',
  'validation.range.order': '最小值不能大于最大值',
  'validation.period.invalid': '开始时间不能晚于结束时间',
  'validation.period.benchmarkNotEarlier': '对比周期必须早于目标周期',
  'validation.period.outOfRange': '请选择 {min} 至 {max} 之间的周期',
  'validation.keyword.required': '请输入关键词',
  'validation.keyword.duplicate': '该关键词已存在！',
  'validation.attributeValues.tooMany': '属性值最多可选择 {max} 个',

  'superQuery.invalidFormat': '超级查询语句格式不正确',
  'superQuery.invalidFormatAt': '超级查询语句格式不正确（第 {position} 个字符附近）',

  'customSql.empty': '请输入筛选条件',
  'customSql.tooLong': '筛选条件过长（最多 {count} 个字符）',
  'customSql.tooLong_one': '筛选条件过长（最多 {count} 个字符）',
  'customSql.unbalancedBrackets': '筛选条件的括号不匹配',
  'customSql.comment': '筛选条件中不允许使用注释',
  'customSql.multipleStatements': '只允许一个条件，请删除分号',
  'customSql.syntax': '筛选条件不是有效的 SQL（第 {position} 个字符附近）',
  'customSql.unknownColumn': '未知的列“{column}”',
  'customSql.notAllowed':
    '筛选条件中不允许使用“{what}”；请只使用列、值、比较、IN、LIKE、BETWEEN、IS NULL、AND、OR 和 NOT',
  'customSql.typeMismatch': '列“{column}”的取值类型不正确',
  'customSql.notInAlone': 'NOT IN 不能单独使用，请与其他条件组合',
  'analytics.unequalPeriods': '对比的数据周期长度不一致',
  'analytics.noData': '当前筛选条件下暂无数据',
  'analytics.categoryAndSql': '请选择品类或自定义 SQL 条件，二者只能选其一',
  'analytics.unknownAttribute': '未知的属性“{name}”',

  'server.incorrectCurrentPassword': '当前密码不正确',
  'server.nameExists': '名称已存在',
  'server.usernameExists': '用户名已存在',
  'server.emailExists': '邮箱已存在',
  'server.invalidArgument': '参数无效',
  'server.notFound': '资源不存在',
  'server.projectExists': '该项目已存在',
  'server.projectNotFound': '该项目不存在',
  'pictures.notFound': '没有该 id 的图片',

  'server.invalidArgumentDetail': '参数无效：{field}',
  'server.unauthorized': '请重新登录',
  'server.forbidden': '您没有此操作的权限',
  'server.passwordChangeRequired': '请先修改密码再继续操作',
  'server.queryTimeout': '查询耗时过长已被终止，请缩小筛选范围后重试',
  'server.overloaded': '服务器正忙于处理其他分析请求，请稍后几秒再试',
  'server.cancelled': '请求已取消',
  'server.payloadTooLarge': '请求内容过大',
  'server.internalError': '服务器出错，请稍后重试',
  'server.warehouseUnavailable': '数据仓库（{warehouse}）暂时无法连接，请稍后重试',
  'server.warehouseLimit':
    '本次分析超出数据仓库（{warehouse}）的处理上限，请缩小筛选范围（更少的类目、商品或月份）后重试',
  'server.warehouseQueryFailed': '数据仓库（{warehouse}）无法完成本次分析，问题已记录，请稍后重试',
  'server.metadataUnavailable': '服务暂时不可用，请稍后再试',

  'auth.invalidCredentials': '用户名或密码错误，再失败 {count} 次账号将被锁定',
  'auth.invalidCredentials_one': '用户名或密码错误，再失败 {count} 次账号将被锁定',
  'auth.locked': '登录失败次数过多，账号已锁定，请联系管理员或 {count} 分钟后再试',
  'auth.locked_one': '登录失败次数过多，账号已锁定，请联系管理员或 {count} 分钟后再试',
  'auth.lockedByAdministrator': '账号已锁定，请联系管理员',
  'auth.pendingReview': '账号正在审核中，暂不能登录',
  'auth.expired': '账号已过期或不在有效期内',
  'auth.accountNotValid': '账号无效',
  'auth.noAppPermission': '该应用无登录权限',
  'auth.rateLimited': '尝试次数过多，请 {count} 秒后再试',
  'auth.rateLimited_one': '尝试次数过多，请 {count} 秒后再试',
  'auth.rateLimitUnavailable': '登录服务暂时不可用，请稍后再试',
  'auth.sessionEnded': '登录已失效，请重新登录',
  'auth.passwordChanged': '密码修改成功',
  'auth.passwordResetSent': '如果该账号存在，重置链接已发送到其邮箱',
  'auth.passwordResetDone': '密码已重置，请使用新密码登录',
  'auth.passwordResetInvalid': '重置链接无效或已过期',
  'auth.resetMailSubject': '重置您的市场透镜密码',
  'auth.resetMailBody': '请在 {count} 分钟内打开以下链接设置新密码：{link}',
  'auth.resetMailBody_one': '请在 {count} 分钟内打开以下链接设置新密码：{link}',
  'auth.wechatUnavailable': '微信登录暂不可用',
  'auth.wechatStateInvalid': '微信登录请求无效或已过期，请重试',
  'auth.wechatFailed': '微信登录失败，请重试',
  'auth.wechatAlreadyBound': '该微信已绑定其他账号',
  'auth.wechatNotBound': '该微信未绑定任何账号，请先用密码登录后绑定',
  'auth.wechatUnbindPending': '已有解绑申请正在审核中',
  'auth.wechatNotBoundSelf': '您的账号未绑定微信',
  'auth.wechatOtherBrowser': '该微信登录是在其他浏览器中发起的，请在本浏览器的登录页重新发起',
  'auth.childAppKeyOwn': 'child_app_key 须为子应用，不能是市场透镜本身',
  'auth.sessionNotFound': '该会话不存在或已结束',

  'users.roleNotAllowed': '您无权设置或修改该角色',
  'users.cannotDeleteSelf': '不能删除自己的账号',
  'users.applicationReviewed': '该申请已审核',
  'users.notMember': '该用户不是此项目的成员',
  'users.alreadyMember': '该用户已是此项目的成员',
  'users.addByUsername': '请按用户名添加成员',
  'users.pendingRootOnly': '待审核的账号只能由超级管理员审核（批准或拒绝开通）',
  'users.pendingNotSettable': '账号不能改回待审核状态',
  'batch.invalidRows': '部分行有误，未保存任何数据',
  'batch.duplicateInFile': '在文件中重复出现',
  'batch.userNotFound': '用户不存在',
  'batch.roleInvalid': '未知角色',
  'batch.dateInvalid': '日期无效（格式 YYYY-MM-DD）',
  'upload.notSpreadsheet': '文件不是表格文件，请上传 Excel 工作簿（.xlsx）或 CSV 文件',
  'upload.badWorkbook': 'Excel 工作簿已损坏或无法读取，请在 Excel 中重新另存为 .xlsx 后上传',
  'upload.encrypted': '工作簿设置了密码保护，请在 Excel 中取消密码后重新上传',
  'upload.oldExcel': '无法读取旧版 Excel 文件（.xls），请在 Excel 中另存为 .xlsx 或 CSV 后上传',
  'upload.empty': '文件为空',
  'upload.tooManyRows': '文件超过 {count} 行，请拆分为多个文件上传',
  'upload.tooManyRows_one': '文件超过 {count} 行，请拆分为多个文件上传',
  'upload.tooLarge': '文件超过 {max}，请拆分为多个文件上传',
  'upload.workbookTooLarge': '工作簿解压后超过 {max}，请拆分为多个文件或将工作表另存为 CSV 后上传',
  'upload.workbookPartTooLarge':
    '工作簿中的某个部件（工作表、图片等）解压后超过 {max}，请拆分为多个文件或将工作表另存为 CSV 后上传',
  'upload.workbookTooManyParts':
    '工作簿包含超过 {count} 个部件（工作表、图片等），请将工作表复制到新工作簿或另存为 CSV 后上传',
  'upload.workbookTooManyParts_one':
    '工作簿包含超过 {count} 个部件（工作表、图片等），请将工作表复制到新工作簿或另存为 CSV 后上传',
  'projects.datasetNotFound': '数据集不存在',
  'projects.datasetInUse':
    '项目仍有品类或成员数据权限时不能更换数据集：它们是当前数据集中的品类、品牌和店铺编号，在其他数据集中含义不同。请先移除项目的品类以及成员的品牌和店铺权限，再更换数据集',
  'projects.categoryNotInDataset': '数据集中不存在该品类',
  'projects.categoryExists': '该品类已在项目中',
  'projects.categoryNotFound': '该品类不在此项目中',
  'projects.bandsInvalid': '区间须为非负数且按从小到大排列',
  'projects.noPriceData': '该品类没有价格数据',
  'projects.attributeNotFound': '数据集中不存在该属性',
  'projects.pagesInvalid': '项目至少需要一个有效页面',
  'projects.dateFieldMismatch': '时间粒度与数据集不一致（按月或按周）',
  'projects.currencyMismatch': '币种与数据集不一致',
  'projects.deleteRootOnly': '只有超级管理员（root）可以删除项目',

  'collections.getFailed': '获取收藏失败，请稍后重试',
  'collections.readFailed': '读取关注品牌失败，请稍后重试',
  'collections.updateFailed': '更新关注品牌失败，请稍后重试',
  'collections.deleteFailed': '删除收藏失败，请稍后重试',
  'collections.notFound': '该收藏不存在',
  'collections.brandNotInDataset': '品牌不存在于该项目的数据中：{ids}',

  'route.hot': '趋势总览',
  'route.explore': '概念探索',
  'route.potential': '潜力品牌',
  'route.discover': '品类洞察',
  'route.brand': '品牌详情',
  'route.analysis': '商品分析',
  'route.contrast': '品牌对比',
  'route.favoriteBrand': '关注品牌',
  'route.shop': '店铺分析',
  'route.login': '登录',
  'route.price': '价格查询',
  'route.priceGoods': '选择品类',
  'route.pricePayment': '报价单',
  'route.personalCenter': '个人中心',
  'route.changePassword': '修改密码',
  'route.favorites': '收藏夹',
  'route.sessions': '登录会话',
  'route.savedViews': '我的视图',
  'route.projects': '项目管理',
  'route.projectInfo': '项目信息',
  'route.categoryManagement': '品类管理',
  'route.attributeManagement': '属性管理',
  'route.userManagement': '成员管理',
  'route.accounts': '账号管理',
  'route.accountList': '账号列表',
  'route.accountCreate': '开通账号',
  'route.accountEdit': '编辑账号',
  'route.accountBatchCreate': '批量开通账号',
  'route.accountBatchUpdate': '批量修改账号',
  'route.icons': '图标',
  'route.forbidden': '无权访问',
  'route.noProject': '暂无项目',
};

const zhCN: Record<MessageKey, string> = Object.assign({}, coreZhCN, ...AREAS.map((a) => a['zh-CN']));

/** Both dictionaries; the mapped type forces every locale to carry exactly the same keys. */
export const MESSAGES: { readonly [L in Locale]: Readonly<Record<MessageKey, string>> } = {
  'zh-CN': zhCN,
  en,
};

export type MessageParams = Readonly<Record<string, string | number>>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/**
 * The text of `key` in `locale`, with `{name}` placeholders filled from `params`.
 * A placeholder without a param stays visible as `{name}` so a missing argument is noticed, not hidden.
 *
 * A plain string key is accepted too (the server translates keys carried by errors at run time);
 * a string that is not a message key comes back unchanged rather than throwing inside an error handler.
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string;
export function translate(locale: Locale, key: string, params?: MessageParams): string;
export function translate(locale: Locale, key: string, params?: MessageParams): string {
  if (!isMessageKey(key)) return key;
  const text = MESSAGES[locale][pluralForm(locale, key, params)];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const PLURAL_RULES: { readonly [L in Locale]: Intl.PluralRules } = {
  'zh-CN': new Intl.PluralRules('zh-CN'),
  en: new Intl.PluralRules('en'),
};

/** The key whose text fits `params.count` in `locale`: `<key>_one` for a singular when it exists, else the key. */
function pluralForm(locale: Locale, key: MessageKey, params: MessageParams | undefined): MessageKey {
  const count = params && Object.hasOwn(params, 'count') ? params.count : undefined;
  if (typeof count !== 'number') return key;
  const form = `${key}_${PLURAL_RULES[locale].select(count)}`;
  return isMessageKey(form) ? form : key;
}

/**
 * Maps any locale spelling seen in the product (UI 'zh-CN'/'en', wire 'zh_cn'/'en_us', browser
 * 'en-GB', 'zh-TW' …) to a UI locale: anything English becomes en, everything else zh-CN (docs/product.md §4, §7).
 */
export function toLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase();
  return v === 'en' || v.startsWith('en-') || v.startsWith('en_') ? 'en' : DEFAULT_LOCALE;
}
