/** Visible texts of /Reports/new (not shown in the spec; issue 7). */
export const TEXT = {
  title: 'New inspection',
  customerStep: '1. Customer',
  equipmentStep: '2. Equipment',
  protocolStep: '3. Protocol',
  customer: 'Customer',
  customerSearchHint: 'Type to search by name or MDM ID',
  noCustomers: 'No customers found',
  site: 'Site',
  noSites: 'The customer has no sites; the equipment is kept at the customer.',
  existing: 'Existing equipment',
  newEquipment: 'New equipment',
  equipment: 'Equipment',
  noEquipment: 'No equipment here yet: add new equipment.',
  family: 'Product family',
  model: 'Product model',
  serialNumber: 'Serial number',
  nickName: 'Nickname',
  serialOrNick: 'A serial number or a nickname',
  protocol: 'Protocol',
  protocolsFirst: 'Choose the equipment first: the protocols that fit it are listed here, best fit first.',
  noProtocols: 'No protocol fits this equipment.',
  loading: 'Loading...',
  start: 'Start',
  starting: 'Starting...',
  cancel: 'Cancel',
  stillNeeded: 'Still needed:',
} as const;

/** Inline messages, by field of the form (startRules.ts). */
export const MESSAGES = {
  customer: 'Choose a customer.',
  site: 'Choose a site.',
  equipmentId: 'Choose the equipment, or add new equipment.',
  productFamilyId: 'Choose a product family.',
  productModelId: 'Choose a product model.',
  serialNumber: 'Give a serial number or a nickname.',
  protocolId: 'Choose a protocol.',
} as const;

/** Why a protocol is offered (protocolFit.sortedByFit ranks these, best first). */
export const FIT_LABEL = {
  Equipment: 'Fits this equipment',
  Model: 'Fits the model',
  Family: 'Fits the product family',
  Any: 'General',
} as const;
