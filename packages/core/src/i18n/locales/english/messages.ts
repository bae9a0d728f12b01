/** The message center: alert and setting-update texts (rendered by the server) and its page. */
export const enMessages = {
  typeTicketReply: 'Ticket reply',
  ticketReplyTitle: 'Support answered: {{title}}',
  ticketReplyContent:
    'Support replied to your ticket “{{title}}”. Open the ticket page to read the answer and reply.',
  offlineTitle: 'Workers offline on {{account}}',
  offlineContent: 'Offline workers of {{account}} on {{pool}} ({{count}}): {{workers}}.',
  offlineRecoveredTitle: 'Workers back online on {{account}}',
  offlineRecoveredContent: 'The workers of {{account}} on {{pool}} are sending shares again.',
  hashrateLowTitle: 'Low hashrate on {{account}}',
  hashrateLowContent:
    'The 1-hour hashrate of {{account}} on {{pool}} is {{hashrate}}, below your threshold of {{threshold}}.',
  hashrateRecoveredTitle: 'Hashrate recovered on {{account}}',
  hashrateRecoveredContent:
    'The 1-hour hashrate of {{account}} on {{pool}} is back to {{hashrate}}.',
  settingTitle: 'Account setting changed',
  settingContent:
    'A change was made to your {{setting}}. If this was not you, change your password and contact support.',
  settingPayMethod: 'payment method',
  settingAutoWithdraw: 'auto-withdraw address',
  settingPassword: 'login password',
  settingPayPassword: 'pay password',
  settingEmail: 'email address',
  settingPhone: 'phone number',
  settingAuthenticator: 'authenticator app',
  settingPasskey: 'passkeys',
  settingThirdPartyLogin: 'third-party sign-in',
  settingApiKey: 'API keys',
  settingOauthApp: 'third-party app authorisations',
  passkeyAddedTitle: 'New passkey added: {{name}}',
  passkeyAddedContent:
    'A passkey named “{{name}}” was added to your account on {{time}} from {{device}}. If this was not you, remove it under Passkeys at {{link}}, then reset your password.',
  withdrawalRejectedTitle: 'Withdrawal rejected: {{amount}}',
  withdrawalRejectedContent:
    'Your withdrawal of {{amount}} to {{address}} was rejected by an operator. Reason: {{reason}}. The amount and its fee, {{refunded}}, are back in your available balance.',
  depositShortfallTitle: 'Deposit reversed on the blockchain: {{amount}}',
  depositShortfallContent:
    "Your deposit of {{amount}} to {{account}} (transaction {{tx}}) was credited, then a reorganisation of the blockchain removed its block. The amount had already been spent, so it could not be taken back from your balance; the pool's operators will contact you to settle it.",
  unknownDevice: 'an unknown device',
  emailFooter: 'Read all your messages at {{link}}.',
  pageTitle: 'Messages',
  typeAll: 'All',
  typeHashrateAlert: 'Hashrate alert',
  typeMinerOffline: 'Miner offline',
  typeSettingUpdate: 'Setting update',
  typeWalletUpdate: 'Wallet',
  markRead: 'Mark read',
  markAllRead: 'Mark all read',
  delete: 'Delete',
  empty: 'No messages yet',
  unread: 'Unread',
  unreadBadge: '{{count}} unread messages',
};
