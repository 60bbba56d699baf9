/**
 * English text of where a group's access token goes: Run once offers a non-admin only the group's
 * own executors and warns an admin when an address gets no token; the trail and a probe say so too.
 */
export const enAddressTrust = {
  'trigger.addressesHintGroup': 'Empty: the job’s route strategy picks from its group. Or pick some of the group’s own addresses.',
  'trigger.groupOnly':
    'Only this group’s own executors can be picked: a group’s access token goes only to its own executors. An admin can send a run to another address, without the token.',
  'trigger.addressGone': 'no longer in this group',
  'trigger.addressGoneHint': 'Its executor left the group after you picked it; a run there would be refused. Untick it.',
  'trigger.tokenlessTitle': 'Sent without the group’s access token',
  'trigger.tokenlessBody':
    'JobDesk calls the addresses below without the group’s access token: they are not registered in (or configured for) this job’s group, and a group’s token goes only to its own executors. An executor that requires a token will refuse the run.',
  'trigger.routeChosenTokenless': 'Would run on {address}, without the group’s access token',
  'trigger.previewTokenless': 'Called without the access token: {addresses}',
  'trigger.noToken': 'no token',
  'trail.tokenless': 'Without the access token',
  'trail.tokenlessHint': 'not registered in the group: called without its access token',
  'executors.probeTokenless': 'Probed without a token: not registered in this group',
} satisfies Record<string, string>
