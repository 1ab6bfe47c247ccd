export const zhCN = {
  home: {
    description: '碳素钢、合金钢、不锈钢、铸铁、有色金属与工程塑料等工程材料，按分类浏览。',
  },
  standalone: {
    title: '材料库（独立运行）',
  },
};
