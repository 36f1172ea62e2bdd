/** The parts of an address a user may give (an organization's, an event's place); any may be missing. */
export interface AddressParts {
  street?: string | null;
  streetNumber?: string | null;
  zipcode?: string | null;
  city?: string | null;
  country?: string | null;
}

/** "Karloveská 63, 841 04 Bratislava, Slovensko": the parts given, as an address is written; `country` names a country code. */
export const formatAddress = (address: AddressParts, country: (code: string) => string): string =>
  [
    [address.street, address.streetNumber].filter(Boolean).join(' '),
    [address.zipcode, address.city].filter(Boolean).join(' '),
    address.country ? country(address.country) : '',
  ]
    .filter((part) => part !== '')
    .join(', ');
