/**
 * The words of Sightline's e-mail: plain text, English then Chinese (the dashboard's two
 * languages; the recipient's choice is not known before they sign in).
 */
import type { Role } from '../../db/schema/identity.js';
import type { MailMessage } from './mailer.js';

const ROLE_ZH: Record<Role, string> = { owner: '所有者', admin: '管理员', member: '成员', viewer: '只读成员' };

export function inviteEmail(input: { to: string; url: string; role: Role; invitedBy: string | null; expiresAt: Date }): MailMessage {
  const who = input.invitedBy ?? 'A Sightline user';
  const until = input.expiresAt.toISOString().replace(/\.\d{3}Z$/, ' UTC').replace('T', ' ');
  return {
    to: input.to,
    subject: `${who} invited you to their Sightline team`,
    text: [
      `${who} invited you to join their team on Sightline as ${input.role === 'admin' ? 'an' : 'a'} ${input.role}.`,
      '',
      'Open this link to accept (it works once, until ' + until + '):',
      input.url,
      '',
      'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
      '',
      '---',
      `${who} 邀请您以「${ROLE_ZH[input.role]}」身份加入其 Sightline 团队。`,
      `打开上面的链接即可接受邀请（仅可使用一次，有效期至 ${until}）。`,
      '如果您没有预期收到此邀请，请忽略本邮件。',
    ].join('\n'),
  };
}

export function alertEmail(input: { to: string[]; message: string; dashboardUrl: string | undefined }): MailMessage {
  return {
    to: input.to,
    subject: 'Sightline alert: a webhook has been failing for 24 hours',
    text: [
      input.message,
      '',
      input.dashboardUrl ? `Open the dashboard's Webhooks page to see the deliveries: ${input.dashboardUrl}` : "Open the dashboard's Webhooks page to see the deliveries.",
      '',
      '---',
      'Sightline 提醒：一个 Webhook 已连续 24 小时投递失败。请在控制台的 Webhook 页面查看投递记录，检查接收端后发送测试事件。',
      '',
      'You receive this as an owner or admin of the Sightline account.',
    ].join('\n'),
  };
}
