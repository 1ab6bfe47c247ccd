export const zhCN = {
  home: {
    description: '电阻、电容、电感、半导体、集成电路、连接器与晶振等电子元器件，按分类浏览。',
  },
  standalone: {
    title: '元器件库（独立运行）',
  },
  recommend: {
    title: '元器件推荐',
    badId: '链接中的元器件编号不正确，请重新选择元器件',
    pickTitle: '选择元器件',
    pickHint: '输入型号或关键字搜索，选择一个元器件查看同系列与封装兼容的推荐。',
    pickPlaceholder: '例如 AMS1117、STM32F103',
    pickSearch: '搜索',
    pickEmpty: '没有找到元器件',
    change: '更换元器件',
    group: {
      family: '同系列',
      package: '封装兼容',
    },
    groupHint: {
      family: '同一符号系列或同一型号系列，不同参数',
      package: '相同封装可直接替换，其次同封装系列同引脚数',
    },
    empty: {
      family: '没有找到同系列的元器件',
      package: '没有找到封装兼容的元器件',
    },
    reason: '推荐理由',
    differences: '与本器件的差异',
    noDifferences: '无差异',
    actions: '对比',
  },
  // The shared library pages' texts (namespace `library`) that the components library words its own
  // way (元器件), and the texts of its own slots (KiCad drawings and downloads, the 推荐 link).
  search: {
    empty: '没有找到符合条件的元器件',
  },
  detail: {
    badId: '链接中的元器件编号不正确',
    download: {
      symbol: '原理图符号',
      footprint: '封装',
      'model-glb': '3D 模型（GLB）',
      'model-step': '3D 模型（STEP）',
    },
    symbol: '原理图符号',
    enlarge: '点击放大',
    noSymbol: '暂无符号',
    footprint: 'PCB 封装',
    noFootprint: '暂无封装',
    recommend: '推荐',
  },
  alternatives: {
    badId: '请从元器件详情页进入替代料推荐',
  },
  compare: {
    full: '对比栏最多放{{max}}个元器件，请先在“对比”页移出一些',
    tooFew: '已选 {{count}} 个，至少选择 2 个元器件才能进行参数对比（最多 {{max}} 个）',
    goSearch: '去搜索元器件',
  },
  basket: {
    empty: '对比栏是空的。在搜索结果、分类列表或详情页点“加入对比”，最多可放 {{max}} 个元器件。',
    pickTwo: '勾选至少 2 个元器件进行参数对比。',
    missing: '元器件 {{id}} 已不存在',
  },
  brand: {
    itemCount: '{{count}} 个元器件',
  },
};
