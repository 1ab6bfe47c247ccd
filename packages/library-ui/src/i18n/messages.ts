import { registerMessages } from '@portal/providers';

/** Strings of the shared library UI (namespace `library`). zh-CN first. */
export const LIBRARY_NAMESPACE = 'library';

export const libraryMessages = {
  'zh-CN': {
    home: {
      eyebrow: '工程资源库',
      topLevelLabel: '大类',
      totalLabel: '分类总数',
    },
    tree: {
      title: '产品分类',
      filterPlaceholder: '筛选分类：名称 / 英文 / 代码',
      noMatch: '没有匹配“{{keyword}}”的分类',
    },
    panel: {
      allCategories: '全部分类',
      subCategoryCount: '{{count}} 个子类',
      code: '代码',
      leaf: '该分类下暂无子类。',
      more: '另有 {{count}} 项',
      unknownCategory: '未找到分类“{{code}}”，已显示第一个分类。',
    },
    state: {
      loading: '正在加载分类…',
      errorTitle: '分类加载失败',
      errorFallback: '无法连接服务器，请稍后重试。',
      retry: '重新加载',
      empty: '该库暂无分类数据',
    },
    crash: {
      title: '{{library}}出现异常',
      description: '该库的页面发生错误，门户的其他部分不受影响。',
      reload: '刷新页面',
      backHome: '返回首页',
    },
  },
  'en-US': {
    home: {
      eyebrow: 'Engineering library',
      topLevelLabel: 'Top-level categories',
      totalLabel: 'Categories in all',
    },
    tree: {
      title: 'Categories',
      filterPlaceholder: 'Filter: name / English / code',
      noMatch: 'No category matches “{{keyword}}”',
    },
    panel: {
      allCategories: 'All categories',
      subCategoryCount_one: '{{count}} sub-category',
      subCategoryCount_other: '{{count}} sub-categories',
      code: 'Code',
      leaf: 'This category has no sub-categories.',
      more: '{{count}} more',
      unknownCategory: 'Category “{{code}}” was not found; showing the first category.',
    },
    state: {
      loading: 'Loading categories…',
      errorTitle: 'Could not load the categories',
      errorFallback: 'The server cannot be reached, please try again later.',
      retry: 'Reload',
      empty: 'This library has no categories yet',
    },
    crash: {
      title: 'The {{library}} ran into a problem',
      description: 'This library page failed; the rest of the portal keeps working.',
      reload: 'Reload page',
      backHome: 'Back to home',
    },
  },
};

registerMessages(LIBRARY_NAMESPACE, libraryMessages);
