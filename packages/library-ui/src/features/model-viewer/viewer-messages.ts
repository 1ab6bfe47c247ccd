import { registerMessages } from '@portal/providers';
import { LIBRARY_NAMESPACE } from '@portal/library-ui';

/**
 * Strings of the 3D model viewer (`viewer.*` in the `library` namespace), registered with the viewer's lazy chunk
 * rather than with every library page (issue 13: first-load weight). zh-CN first.
 */
export const viewerMessages = {
  'zh-CN': {
    viewer: {
      modelError: '3D 模型加载失败',
      fit: '适应窗口',
      section: '剖切',
      measure: '测量',
      measureHint: '在模型上点选两点（已选 {{count}} 点）',
      distance: '距离 {{distance}}',
    },
  },
  'en-US': {
    viewer: {
      modelError: 'The 3D model could not be loaded',
      fit: 'Fit',
      section: 'Section',
      measure: 'Measure',
      measureHint: 'Click two points on the model ({{count}} picked)',
      distance: 'Distance {{distance}}',
    },
  },
};

registerMessages(LIBRARY_NAMESPACE, viewerMessages);
