export const zhCN = {
  home: {
    description: '紧固件、轴承、销、挡圈、型材等机械标准件，按分类浏览。',
  },
  standalone: {
    title: '零部件库（独立运行）',
  },
};
