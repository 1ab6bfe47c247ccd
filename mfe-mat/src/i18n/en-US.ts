import type { zhCN } from './zh-CN';

export const enUS: typeof zhCN = {
  home: {
    description: 'Engineering materials — steels, cast irons, non-ferrous alloys, engineering plastics — browsed by category.',
  },
  standalone: {
    title: 'Materials Library (standalone)',
  },
};
