/** Strings shared by the shell and every remote (namespace `common`). zh-CN first. */
export const commonMessages = {
  'zh-CN': {
    library: {
      part: '零部件库',
      component: '元器件库',
      mat: '材料库',
    },
    language: {
      'zh-CN': '简体中文',
      'en-US': 'English',
      switch: '切换语言',
    },
    action: {
      retry: '重试',
      backHome: '返回首页',
      reload: '刷新页面',
    },
    state: {
      loading: '加载中…',
      empty: '暂无数据',
    },
    error: {
      title: '出错了',
      unknown: '系统异常，请联系管理员处理！',
    },
  },
  'en-US': {
    library: {
      part: 'Parts Library',
      component: 'Components Library',
      mat: 'Materials Library',
    },
    language: {
      'zh-CN': '简体中文',
      'en-US': 'English',
      switch: 'Language',
    },
    action: {
      retry: 'Retry',
      backHome: 'Back to home',
      reload: 'Reload page',
    },
    state: {
      loading: 'Loading…',
      empty: 'No data',
    },
    error: {
      title: 'Something went wrong',
      unknown: 'System error, please contact the administrator.',
    },
  },
};
