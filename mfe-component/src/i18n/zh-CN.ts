export const zhCN = {
  home: {
    description: '电阻、电容、电感、半导体、集成电路、连接器与晶振等电子元器件，按分类浏览。',
  },
  standalone: {
    title: '元器件库（独立运行）',
  },
};
