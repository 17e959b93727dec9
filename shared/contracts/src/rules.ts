// Business-rule refusals. The server answers with the code and puts the key in `data.reason` and
// the English text (the spec's wording where it has one) in `msg`; UIs translate the key.

export const RULES = {
  insufficientPermissions: 'Insufficient permissions',
  dispatcherNotLockable: 'Dispatcher is not allowed to lock or delete',
  dispatcherCannotDelete: 'Dispatcher cannot delete',
  dispatcherRequired: 'at least one dispatcher needed',
  cannotChangeSelf: 'You cannot do this to your own account',
  memberAlreadyExists: 'member already exists',
  userAlreadyOnChannel: 'user already on the channel',
  accountExists: 'The account already exists',
  channelNameExists: 'The channel name already exists',
  enterpriseChannelNotDeletable: 'The enterprise channel cannot be deleted',
  channelDisbanded: 'The channel has been disbanded',
  deviceExists: 'Device already exists',
  deviceAlreadyActivated: 'The device has already been activated',
  deviceNotActivated: 'The device has not been activated yet',
  deviceHasAccount: 'The device already has an account',
  deviceHasNoAccount: 'The device has no account',
  accountBoundToOtherDevice: 'The account is already bound to another device',
  deviceDisabled: 'The device is disabled',
  confirmRequired: 'Please confirm this command',
  fileTooLarge: 'The file is too large',
  fileTypeNotAllowed: 'This type of file is not allowed',
  memberQuotaExceeded: 'The member quota of the organisation is used up',
  channelQuotaExceeded: 'The channel quota of the organisation is used up',
  captchaNeeded: 'Please enter the captcha',
  captchaWrong: 'The captcha is wrong or has expired',
  oldPasswordWrong: 'The old password is wrong',
  alreadyBlacklisted: 'The user is already on the blacklist',
  channelSuspended: 'The channel is suspended',
  sendingTooFast: 'Sending messages too fast, please wait a moment',
  notFound: 'Not found',
  noTrack: 'no track',
  nobodyInSos: 'nobody in SOS',
  sosAlreadyClosed: 'The SOS has already been closed',
  cannotCallSelf: 'You cannot call yourself',
  callNotSupported: 'PTT or calling is not supported in the current state',
  otherPartyBusy: 'The other party is busy',
  callAlreadyUsed: 'call already used',
  otherPartyHungUp: 'The other party hung up',
  otherPartySuspended: 'The other party is temporarily suspended',
  fenceNameExists: 'The fence name already exists',
  fenceNotModified: 'Fence information has not been modified',
  fenceNotEnabled: 'The fence must be enabled before use',
  fenceAlreadyLinked: 'Already linked to this fence',
  fenceLinksFull: 'This fence has too many links',
} as const;

export type RuleKey = keyof typeof RULES;
export type RuleI18nKey = `rule.${RuleKey}`;

export const RULE_KEYS: readonly RuleI18nKey[] = (Object.keys(RULES) as RuleKey[]).map((k) => `rule.${k}` as const);
