import { registerMessages } from '@portal/providers';
import { SHELL_NAMESPACE } from '../../i18n';

/**
 * Strings of the invitations a platform user answers in the personal centre's frame (`my.orgInvitations.*` in the
 * shell namespace), registered when the frame's lazy chunk loads rather than with every page (issue 13: first-load
 * weight). zh-CN first.
 */
export const orgInvitationsMessages = {
  'zh-CN': {
    my: {
      orgInvitations: {
        text: '「{{inviter}}」邀请您加入「{{org}}」',
        validUntil: '加入后您将成为该组织的成员。邀请有效期至 {{date}}。',
        accept: '接受',
        decline: '拒绝',
        acceptedToast: '已加入 {{org}}',
        declinedToast: '已拒绝加入 {{org}} 的邀请',
      },
    },
  },
  'en-US': {
    my: {
      orgInvitations: {
        text: '“{{inviter}}” invites you to join “{{org}}”',
        validUntil: 'Once you join, you become a member of that organisation. The invitation is valid until {{date}}.',
        accept: 'Accept',
        decline: 'Decline',
        acceptedToast: 'You joined {{org}}',
        declinedToast: 'Invitation to join {{org}} declined',
      },
    },
  },
};

registerMessages(SHELL_NAMESPACE, orgInvitationsMessages);
