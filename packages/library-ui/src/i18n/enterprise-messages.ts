import { registerMessages } from '@portal/providers';
import { LIBRARY_NAMESPACE } from '@portal/library-ui';

/**
 * Strings of the enterprise-library view (brand-detail `?type=1`), registered with that page's lazy chunk rather
 * than the first load (issue 13). zh-CN first.
 */
export const enterpriseMessages = {
  'zh-CN': {
    enterprise: {
      title: '企业库',
      empty: '本企业在此资源库中还没有发布的条目。',
      explain: '企业库收录本企业发布、经平台审核通过的私有条目，只有本企业的成员能看到。企业发布条目的功能尚未开放。',
      switchHint: '要查看公共资源，请在页面顶部切换到“公共库”。',
      notMemberTitle: '无权查看该企业库',
      notMemberText: '企业库只对本企业的成员开放。',
      disabled: '本企业已被停用，企业库暂不可用，请联系平台管理员。',
    },
  },
  'en-US': {
    enterprise: {
      title: 'Enterprise library',
      empty: 'Your organisation has no published items in this library yet.',
      explain:
        "The enterprise library holds the private items your organisation publishes once the platform approves them; only your organisation's members see them. Publishing items is not open yet.",
      switchHint: 'To see the public resources, switch to "Public" at the top of the page.',
      notMemberTitle: 'You cannot view this enterprise library',
      notMemberText: "An enterprise library is open to its organisation's members only.",
      disabled: 'Your organisation is disabled, so its enterprise library is unavailable; please contact the platform administrator.',
    },
  },
};

registerMessages(LIBRARY_NAMESPACE, enterpriseMessages);
