import { Alert, App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useAcceptOrgInvitation,
  useDeclineOrgInvitation,
  useMayAnswerOrgInvitations,
  useMyOrgInvitations,
  type OrgInvitation,
} from '../api/my-org-invitations';
// The alerts' strings register with the frame's lazy chunk, not the first load.
import '../org-invitations-messages';

/**
 * The invitations waiting for a platform user's answer, one alert each above the personal centre's pages. Users in an
 * organisation cannot join another, so they neither see nor ask for any.
 */
export function OrgInvitationAlerts() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const mayAnswer = useMayAnswerOrgInvitations();
  const invitations = useMyOrgInvitations();
  const accept = useAcceptOrgInvitation();
  const decline = useDeclineOrgInvitation();
  // The server's refusals (withdrawn or lapsed meanwhile, already in another organisation) in its own words.
  const fail = (error: Error) => void message.error(error.message);

  // The cache outlives the standing: once the user has joined, the alerts go even before the list is read again.
  if (!mayAnswer || !invitations.data?.length) return null;

  const onAccept = (invitation: OrgInvitation) =>
    accept.mutateAsync(invitation.id).then(() => void message.success(t('my.orgInvitations.acceptedToast', { org: invitation.orgName })), fail);
  const onDecline = (invitation: OrgInvitation) =>
    decline.mutateAsync(invitation.id).then(() => void message.success(t('my.orgInvitations.declinedToast', { org: invitation.orgName })), fail);
  // One answer at a time: accepting one makes the others unanswerable.
  const answering = accept.isPending || decline.isPending;
  const answeringThis = (invitation: OrgInvitation, answer: typeof accept) => answer.isPending && answer.variables === invitation.id;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }} data-testid="my-invitations">
      {invitations.data.map((invitation) => (
        <Alert
          key={invitation.id}
          type="info"
          showIcon
          title={t('my.orgInvitations.text', { inviter: invitation.inviterName, org: invitation.orgName })}
          description={t('my.orgInvitations.validUntil', { date: new Date(invitation.expireTime).toLocaleDateString() })}
          data-testid={`my-invitation-${invitation.id}`}
          action={
            <Space>
              <Button
                type="primary"
                size="small"
                loading={answeringThis(invitation, accept)}
                disabled={answering && !answeringThis(invitation, accept)}
                onClick={() => void onAccept(invitation)}
                data-testid={`my-invitation-accept-${invitation.id}`}
              >
                {t('my.orgInvitations.accept')}
              </Button>
              <Button
                size="small"
                loading={answeringThis(invitation, decline)}
                disabled={answering && !answeringThis(invitation, decline)}
                onClick={() => void onDecline(invitation)}
                data-testid={`my-invitation-decline-${invitation.id}`}
              >
                {t('my.orgInvitations.decline')}
              </Button>
            </Space>
          }
        />
      ))}
    </Space>
  );
}
