import { registerMessages } from '@portal/providers';
import { SHELL_NAMESPACE } from '../../i18n';

/**
 * Strings of the personal centre's organisation-members page (`my.orgMembers.*` in the shell namespace), registered
 * when that page's lazy chunk loads rather than with every page (issue 13: first-load weight). The menu entry's
 * `my.nav.orgMembers` stays in the shell's messages. zh-CN first.
 */
export const orgMembersMessages = {
  'zh-CN': {
    my: {
      orgMembers: {
        title: '组织成员',
        text: '管理员可以设置或取消其他成员的管理员身份，也可以将成员移出组织（移出后成为平台用户）。添加成员请联系平台运营人员。',
        keywordPlaceholder: '用户名、昵称、邮箱或手机号',
        empty: '没有找到成员',
        member: '成员',
        email: '邮箱',
        mobile: '手机号',
        admin: '管理员',
        you: '本人',
        createTime: '注册时间',
        lastLoginTime: '最近登录',
        neverSignedIn: '从未登录',
        remove: '移出',
        removeConfirm: '确定将 {{name}} 移出本组织吗？移出后其成为平台用户。',
        confirm: '确定',
        cancel: '取消',
        removedToast: '已将 {{name}} 移出组织',
        adminGrantedToast: '已将 {{name}} 设为管理员',
        adminRevokedToast: '已取消 {{name}} 的管理员身份',
        forbiddenTitle: '只有组织管理员可以管理组织成员',
        forbiddenText: '如需调整本组织的成员，请联系组织的管理员或平台运营人员。',
        back: '返回个人中心',
      },
    },
  },
  'en-US': {
    my: {
      orgMembers: {
        title: 'Organisation members',
        text: 'Administrators can make other members administrators or withdraw that, and remove members from the organisation (they become platform users). To add members, contact the platform operators.',
        keywordPlaceholder: 'Username, nickname, e-mail or mobile',
        empty: 'No members found',
        member: 'Member',
        email: 'E-mail',
        mobile: 'Mobile',
        admin: 'Administrator',
        you: 'You',
        createTime: 'Registered',
        lastLoginTime: 'Last sign-in',
        neverSignedIn: 'Never',
        remove: 'Remove',
        removeConfirm: 'Remove {{name}} from this organisation? They become a platform user.',
        confirm: 'OK',
        cancel: 'Cancel',
        removedToast: '{{name}} removed from the organisation',
        adminGrantedToast: '{{name}} is now an administrator',
        adminRevokedToast: '{{name}} is no longer an administrator',
        forbiddenTitle: 'Only organisation administrators can manage its members',
        forbiddenText: 'To change your organisation’s members, contact its administrator or the platform operators.',
        back: 'Back to the personal centre',
      },
    },
  },
};

registerMessages(SHELL_NAMESPACE, orgMembersMessages);
