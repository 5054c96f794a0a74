import { defineTexts } from '../../platform/texts.js';

/** The word the regions module raises: an unknown region (accounts and organisations name one too). */
export const regionsTexts = defineTexts({
  'zh-CN': {
    'region.notFound': '地区不存在',
  },
  'en-US': {
    'region.notFound': 'The region does not exist',
  },
});
