import { newEventDefaults, normalizeEventFlags } from '@climbing/domain';
import { emptyToNull } from '../../../lib/form-fields';
import type { EventBody, EventDetail } from '../api/event';
import { tooLongMessage } from '../../../lib/validation-text';

export interface EventFormValues {
  [key: string]: unknown;
  name: string;
  displayName: string;
  description: string;
  street: string;
  streetNumber: string;
  city: string;
  zipcode: string;
  country: string | null;
  startingDate: string | null;
  closingDate: string | null;
  isPublic: boolean;
  isHidden: boolean;
  onlineRegistration: boolean;
  allowedUnregisteredUsers: boolean;
  sendUpdateInfo: boolean;
}

/** Spec 9 defaults: online registration on, public, hidden, unregistered users allowed, update info on. */
export const newEventValues = (): EventFormValues => ({
  ...newEventDefaults(),
  street: '',
  streetNumber: '',
  city: '',
  zipcode: '',
  country: 'SVK',
  startingDate: null,
  closingDate: null,
});

export const eventToValues = (event: EventDetail): EventFormValues => ({
  name: event.name,
  displayName: event.displayName ?? '',
  description: event.description ?? '',
  street: event.address?.street ?? '',
  streetNumber: event.address?.streetNumber ?? '',
  city: event.address?.city ?? '',
  zipcode: event.address?.zipcode ?? '',
  country: event.address?.country ?? null,
  startingDate: event.startingDate,
  closingDate: event.closingDate,
  isPublic: event.isPublic,
  isHidden: event.isHidden,
  onlineRegistration: event.onlineRegistration,
  allowedUnregisteredUsers: event.allowedUnregisteredUsers,
  sendUpdateInfo: event.sendUpdateInfo,
});

/**
 * The spec 4 flag rules as the user flips a switch: making the event non-public turns unregistered
 * access off; allowing unregistered users makes it public (the domain's normalizeEventFlags).
 */
export const withFlag = (values: EventFormValues, flag: 'isPublic' | 'allowedUnregisteredUsers', on: boolean): EventFormValues =>
  normalizeEventFlags(values, { ...values, [flag]: on });

export const eventBody = (values: EventFormValues): EventBody => {
  const address = {
    street: emptyToNull(values.street),
    streetNumber: emptyToNull(values.streetNumber),
    city: emptyToNull(values.city),
    zipcode: emptyToNull(values.zipcode),
    country: values.country || null,
  };
  return {
    name: values.name.trim(),
    displayName: emptyToNull(values.displayName),
    description: emptyToNull(values.description),
    address: Object.values(address).some((value) => value !== null) ? address : null,
    startingDate: values.startingDate ?? '',
    closingDate: values.closingDate ?? '',
    isPublic: values.isPublic,
    isHidden: values.isHidden,
    onlineRegistration: values.onlineRegistration,
    allowedUnregisteredUsers: values.allowedUnregisteredUsers,
    sendUpdateInfo: values.sendUpdateInfo,
  };
};

export const validateEvent = {
  name: (value: string) => (value.trim() === '' ? 'validation.required' : value.length > 200 ? tooLongMessage(200) : null),
  startingDate: (value: string | null) => (value ? null : 'validation.required'),
  closingDate: (value: string | null, values: EventFormValues) =>
    !value ? 'validation.required' : values.startingDate && value < values.startingDate ? 'validation.startAfterEnd' : null,
};
