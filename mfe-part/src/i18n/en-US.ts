import type { zhCN } from './zh-CN';

export const enUS: typeof zhCN = {
  home: {
    description: 'Standard mechanical parts — fasteners, bearings, pins, retaining rings, profiles — browsed by category.',
  },
  standalone: {
    title: 'Parts Library (standalone)',
  },
};
