import type { zhCN } from './zh-CN';

export const enUS: typeof zhCN = {
  home: {
    description: 'Electronic components — passives, semiconductors, ICs, connectors, crystals — browsed by category.',
  },
  standalone: {
    title: 'Components Library (standalone)',
  },
};
