export const zhCN = {
  home: {
    description: '紧固件、轴承、销、挡圈、型材等机械标准件，按分类浏览。',
  },
  standalone: {
    title: '零部件库（独立运行）',
  },
  // The shared library pages' texts (namespace `library`) that the parts library words its own way:
  // the item is a 零部件, the manufacturer a standards body (ISO, DIN …), the package its standard.
  field: {
    partNumber: '规格型号',
    manufacturer: '标准组织',
    package: '标准',
  },
  search: {
    empty: '没有找到符合条件的零部件',
    facet: {
      category: '零件类别',
      allCategories: '全部类别',
      manufacturer: '标准组织',
      package: '标准',
    },
    sort: {
      partNumber: '规格升序',
      partNumberDesc: '规格降序',
    },
  },
  detail: {
    badId: '链接中的零部件编号不正确',
    noManufacturer: '未知标准组织',
    recommend: '推荐',
  },
  compare: {
    full: '对比栏最多放{{max}}个零部件，请先在“对比”页移出一些',
    tooFew: '已选 {{count}} 个，至少选择 2 个零部件才能进行参数对比（最多 {{max}} 个）',
    goSearch: '去搜索零部件',
  },
  basket: {
    empty: '对比栏是空的。在搜索结果、分类列表或详情页点“加入对比”，最多可放 {{max}} 个零部件。',
    pickTwo: '勾选至少 2 个零部件进行参数对比。',
    missing: '零部件 {{id}} 已不存在',
  },
  brand: {
    title: '标准组织',
    searchPlaceholder: '搜索标准组织',
    empty: '没有找到标准组织',
    itemCount: '{{count}} 个零部件',
  },
  recommend: {
    title: '零部件推荐',
    badId: '链接中的零部件编号不正确，请重新选择零部件',
    pickTitle: '选择零部件',
    pickHint: '输入规格或标准搜索（如 M6x20、ISO 4762、6200），选择一个零部件查看配套件、其他标准和相邻规格。',
    pickPlaceholder: '例如 M6x20、ISO 4032 M10、IPE100',
    pickSearch: '搜索',
    pickEmpty: '没有找到零部件',
    change: '更换零部件',
  },
  // The parts' own slots and pages.
  part: {
    designations: '标准对照',
    approximate: '近似',
    approximateHint: '两个标准在细节上不完全相同，选用前请核对尺寸',
    gb: '近似国标',
    drawing: '二维图纸',
    noDrawing: '暂无图纸',
    enlarge: '点击放大',
    noModels: '该零部件暂无可下载的模型和图纸',
    format: {
      step: '三维模型 STEP',
      stl: '三维网格 STL',
      glb: '三维模型 GLB',
      svg: '二维图纸 SVG',
      dxf: '二维图纸 DXF',
    },
    length: '型材长度',
    applyLength: '应用',
    lengthHint: '{{min}}–{{max}} mm，图纸、3D 模型和下载文件随之更新',
    lengthProblem: {
      notNumber: '请输入以毫米为单位的数值',
      outOfRange: '长度必须在 {{min}}–{{max}} mm 之间',
    },
    variants: '{{standard}} 全部规格',
    noVariants: '暂无其他规格',
    size: '规格',
    allSizes: '全部规格',
    designation: '标记',
    nominalLength: '公称长度 l (mm)',
    variantCount: '共 {{count}} 个',
    recommendTitle: '推荐',
    noRecommendations: '暂无推荐',
    groupEmpty: '无',
    group: {
      nuts: '配套螺母',
      washers: '配套垫圈',
      otherStandards: '其他标准的同规格件',
      nextSizes: '相邻规格',
    },
    insert: '插入',
    insertSent: '已将 {{fileName}} 发送到 CAD 软件',
  },
};
