export const zhCN = {
  home: {
    description: '碳素钢、合金钢、不锈钢、铸铁、有色金属与工程塑料等工程材料，按分类浏览；可按牌号、标准、材料号搜索，按性能范围筛选。',
  },
  standalone: {
    title: '材料库（独立运行）',
  },
  // The shared library pages' texts (namespace `library`) that the materials library words its own
  // way: the item is a 材料, its code a 牌号, the package its standard.
  field: {
    partNumber: '牌号',
    name: '名称',
    package: '标准',
    // The results' 标准 column (the hit's own `standard` field, not the kit's package).
    standard: '标准',
    description: '说明',
  },
  // The detail's 采用此材料的标准件 section (the parts library's families of this grade).
  standardParts: {
    title: '采用此材料的标准件',
    family: '标准件',
    classes: '性能等级 / 材料',
    count: '规格数',
    none: '零部件库中没有标准规定用 {{grade}} 制造的标准件',
    note: '按零件标准及其性能等级标准（如 ISO 898-1、ISO 3506-1）列出可用 {{grade}} 或其近似牌号制造的标准件；点击查看该标准的全部规格。',
    relation: {
      specified: '标准规定',
      typical: '典型',
      approximate: '近似',
    },
  },
  search: {
    empty: '没有找到符合条件的材料',
    facet: {
      category: '材料类别',
      allCategories: '全部类别',
      package: '标准',
    },
    sort: {
      partNumber: '牌号升序',
      partNumberDesc: '牌号降序',
    },
  },
  range: {
    title: '性能范围',
    none: '当前结果没有可按范围筛选的性能',
    problem: {
      unknownDimension: '该性能不支持范围筛选',
    },
  },
  detail: {
    badId: '链接中的材料编号不正确',
  },
  compare: {
    full: '对比栏最多放{{max}}种材料，请先在“对比”页移出一些',
    tooFew: '已选 {{count}} 种，至少选择 2 种材料才能对比（最多 {{max}} 种）',
    goSearch: '去搜索材料',
  },
  basket: {
    empty: '对比栏是空的。在搜索结果、分类列表或详情页点“加入对比”，最多可放 {{max}} 种材料。',
    pickTwo: '勾选至少 2 种材料进行参数对比。',
    missing: '材料 {{id}} 已不存在',
  },
  // Property names by mat-api's keys (docs/materials.md): the search page's range filter and sort,
  // the detail and 材料对比 read them.
  parameterName: {
    density: '密度',
    youngsModulus: '弹性模量',
    shearModulus: '切变模量',
    poissonRatio: '泊松比',
    yieldStrength: '屈服强度',
    tensileStrength: '抗拉强度',
    shearStrength: '抗剪强度',
    compressiveStrength: '抗压强度',
    elongation: '断后伸长率',
    hardnessBrinell: '布氏硬度 HB',
    hardnessVickers: '维氏硬度 HV',
    hardnessRockwellC: '洛氏硬度 HRC',
    hardnessShoreA: '邵氏硬度 A',
    hardnessShoreD: '邵氏硬度 D',
    thermalExpansion: '线膨胀系数',
    thermalConductivity: '热导率',
    specificHeat: '比热容',
    electricalResistivity: '电阻率',
    meltingPoint: '熔点',
    boilingPoint: '沸点',
    glassTransition: '玻璃化转变温度',
    heatDeflection: '热变形温度',
    maxServiceTemperature: '最高使用温度',
  },
  // The materials' own slots and pages.
  mat: {
    properties: {
      title: '材料性能',
      none: '来源未给出性能数据',
      name: '性能',
      value: '数值',
      original: '来源原文',
      condition: '条件',
      source: '数据来源：{{source}}（{{version}}），许可：{{license}}',
    },
    condition: {
      heatTreatment: '热处理：',
      temperature: '温度：',
      form: '形态：',
    },
    grade: {
      title: '牌号与对照',
      designation: '来源牌号',
      standard: '标准',
      materialNumber: '材料号',
      chineseGrade: '中国牌号（近似）',
      exact: '来源给出的牌号',
      approximate: '近似对应牌号',
      approximateNote: '近似对应牌号来自本站整理的牌号对照表，仅供参考：不同标准的牌号成分与性能并不完全相同，选材请以各标准原文为准。',
    },
    composition: {
      title: '化学成分',
      element: '元素',
      fraction: '质量分数',
    },
    compare: {
      title: '材料对比',
      csv: '导出 CSV',
      unit: '单位',
      category: '材料类别',
      standard: '标准',
      grade: '中国牌号（近似）',
      source: '数据来源',
      charts: '图表',
      radar: '性能雷达图',
      radarNote: '每条轴按所选材料中的最大值归一化（最大值 = 1），只画所有材料都有数据的性能。',
      radarNone: '所选材料共有的性能少于 3 项，无法绘制雷达图',
      onlyDifferences: '只看差异',
      unitGroup: {
        stress: '强度',
        modulus: '模量',
        density: '密度',
        temperature: '温度',
      },
    },
  },
};
