/** The data limits every form and the server enforce; messages that name a limit are built from these. Imports nothing. */
export const LIMITS = {
  email: { max: 320 },
  password: { min: 8, max: 128 },
  leadName: { max: 50 },
  leadNotes: { max: 2000 },
  contactMessage: { max: 1500 },
  phone: {
    lead: { min: 10, max: 15 },
    profile: { min: 2, max: 15 },
    agent: { exact: 10 },
  },
  profileName: { max: 30 },
  adminName: { max: 40 },
  confirmationCode: { length: 4 },
  pack: {
    name: 100,
    description: 1500,
    amenities: 10,
    features: 20,
    itemLength: 200,
    priceMax: 9999.99,
    priceDecimals: 2,
  },
  destination: { name: 100, location: 150, description: 1500 },
  image: { maxBytes: 2_097_152, types: ['image/jpeg', 'image/png', 'image/webp'] as const },
  thingsToDo: { perDestination: 6, title: 100, description: 1500 },
} as const;

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'proposal_sent', 'booked', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const DESTINATION_STATUSES = ['active', 'inactive'] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export const LEAD_SOURCES = ['email_verification', 'admin'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
