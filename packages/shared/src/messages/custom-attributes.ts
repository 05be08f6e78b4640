import { defineMessages } from './area.js';

/** Rules of custom attributes (custom-attributes.ts), shown by the filter panel and sent by the server. */
export const customAttributeMessages = defineMessages({
  en: {
    'customAttribute.nameRequired': 'Please enter a name for the attribute.',
    'customAttribute.tooLong': 'At most {max} characters.',
    'customAttribute.valuesRequired': 'Please enter at least one keyword.',
    'customAttribute.tooManyValues': 'At most {max} keywords per attribute.',
  },
  'zh-CN': {
    'customAttribute.nameRequired': '请输入属性名称',
    'customAttribute.tooLong': '最多 {max} 个字符',
    'customAttribute.valuesRequired': '请至少输入一个关键词',
    'customAttribute.tooManyValues': '每个属性最多 {max} 个关键词',
  },
});
