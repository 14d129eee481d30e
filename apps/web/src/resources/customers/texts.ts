/** Visible texts quoted by spec 002 §2, word for word. */
export const TEXT = {
  deleteTitle: 'Delete customer?',
  compareSelected: 'Compare selected',
  mergeTitle: 'Merge the two customers into one',
  noSites: 'No sites defined for the customer',
  noContacts: 'No contacts defined for the customer',
  noEquipments: 'No equipments defined for the customer',
  loading: 'Loading customer details...',
  // issue 20 (not in the spec): the zone the customer's reports print dates and times in
  timeZone: 'Time zone of reports',
  noTimeZone: "– (the product's setting)",
  // issue 20 (ours): the customer's report language
  reportLanguage: 'Report language',
  noLanguage: 'Not set',
} as const;
