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
      itemCount: '{{count}} 项',
      showItems: '查看全部条目',
      showCards: '按子类浏览',
    },
    state: {
      loading: '正在加载分类…',
      errorTitle: '分类加载失败',
      errorFallback: '无法连接服务器，请稍后重试。',
      retry: '重新加载',
      empty: '该库暂无分类数据',
    },
    comingSoon: {
      eyebrow: '即将上线',
      title: '{{feature}}即将上线',
      description: '{{library}}的“{{feature}}”功能还在建设中，完成后就在这个页面开放。',
      meanwhile: '现在您可以：',
      searched: '您搜索的关键词：',
      toCatalogue: '按分类浏览{{library}}',
      searchComponents: '在元器件库中搜索这些关键词',
      componentCounterpart: '使用元器件库的“{{feature}}”',
      toComponents: '前往元器件库',
      features: {
        search: { name: '关键词搜索', purpose: '上线后可按名称、型号、标准号搜索，并按参数筛选结果。' },
        brand: { name: '厂商', purpose: '上线后可按厂商浏览产品。' },
        brandDetail: { name: '企业库', purpose: '上线后可在这里查看您所在企业的产品。' },
        paramCompare: { name: '参数对比', purpose: '上线后可选择几个条目，逐项对比它们的参数。' },
        compare: { name: '对比', purpose: '上线后可把选中的条目放在一起对比。' },
        recommend: { name: '推荐', purpose: '上线后可根据您的条件推荐合适的条目。' },
        matCompare: { name: '材料对比', purpose: '上线后可对比不同牌号材料的性能，并以图表展示。' },
        matRecommend: { name: '材料推荐', purpose: '上线后可根据约束条件和优化目标推荐材料。' },
      },
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
      itemCount_one: '{{count}} item',
      itemCount_other: '{{count}} items',
      showItems: 'List all items',
      showCards: 'Browse by sub-category',
    },
    state: {
      loading: 'Loading categories…',
      errorTitle: 'Could not load the categories',
      errorFallback: 'The server cannot be reached, please try again later.',
      retry: 'Reload',
      empty: 'This library has no categories yet',
    },
    comingSoon: {
      eyebrow: 'Coming soon',
      title: '{{feature}} is coming soon',
      description: '{{feature}} of the {{library}} is still being built; it will open on this page when it is ready. ',
      meanwhile: 'In the meantime you can:',
      searched: 'You searched for:',
      toCatalogue: 'Browse the {{library}} by category',
      searchComponents: 'Search the Components Library for these keywords',
      componentCounterpart: 'Use {{feature}} in the Components Library',
      toComponents: 'Go to the Components Library',
      features: {
        search: { name: 'Keyword search', purpose: 'You will search by name, part number or standard and filter the results by parameter.' },
        brand: { name: 'Manufacturers', purpose: 'You will browse the products by manufacturer.' },
        brandDetail: { name: 'Enterprise library', purpose: 'You will see your organisation’s own products here.' },
        paramCompare: { name: 'Parameter comparison', purpose: 'You will pick a few items and compare their parameters side by side.' },
        compare: { name: 'Compare', purpose: 'You will compare the items you picked.' },
        recommend: { name: 'Recommendations', purpose: 'You will get items recommended for your requirements.' },
        matCompare: { name: 'Material comparison', purpose: 'You will compare the properties of material grades, with charts.' },
        matRecommend: { name: 'Material recommendation', purpose: 'You will get materials recommended from constraints and an objective.' },
      },
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
