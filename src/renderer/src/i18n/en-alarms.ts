/** English text of alarm status: on runs, in the job editor, on the dashboard and in the alarm settings. */
export const enAlarms = {
  'alarm.label': 'Alarm',
  'alarm.state.none': 'None',
  'alarm.state.pending': 'Pending',
  'alarm.state.notNeeded': 'Not needed',
  'alarm.state.sent': 'Sent',
  'alarm.state.failed': 'Failed: {reason}',
  'alarm.reason.smtpOff': 'SMTP not configured',
  'alarm.reason.emailFailed': 'email not delivered',
  'alarm.reason.badAddress': 'not an email address',
  'alarm.reason.webhookFailed': 'webhook failed',
  'alarm.reason.desktopFailed': 'desktop notice failed',
  'alarm.reason.senderClosed': 'cut off while JobDesk stopped',
  'alarm.reason.jobMissing': 'the job no longer exists',
  'alarm.reason.internal': 'internal error',
  'alarm.markerSent': 'Alarm sent',
  'alarm.markerFailed': 'Alarm failed: {reason}',

  'editor.alarmNoSmtp': 'No SMTP server is configured: the alarm emails of this job will fail until one is set in Settings → Alarms.',
  'editor.alarmNoSmtpOthers': 'No SMTP server is configured: the alarm emails of this job will fail until an admin sets one in Settings.',
  'editor.alarmOpenSettings': 'Open Settings',

  'dashboard.alarms.title': 'Alarm warnings',
  'dashboard.alarms.noSmtp': '{n} {n|job has|jobs have} an alarm email, but no SMTP server is configured: those alarms cannot be sent.',
  'dashboard.alarms.failed': '{n} {n|alarm|alarms} could not be sent in the last 24 h.',
  'dashboard.alarms.executorDead': 'Executor dead: {subject}',
  'dashboard.alarms.nodeLost': 'Cluster node lost: {subject}',
  'dashboard.alarms.alertUnheard': 'no alert email or webhook is set to hear of it',

  'settings.alertEmail': 'Alert email for dead executors and lost nodes',
  'settings.alertEmailHint':
    'Comma-separated addresses, mailed when an executor stops beating or a cluster node is lost. The webhooks get these alerts too; a run’s alarm goes to its job’s own alarm email.',
} satisfies Record<string, string>
