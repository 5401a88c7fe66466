/** Valid addresses in countries the tests ship to (Brazil: a country the test zones leave out). */
export const UK = {
  name: 'Ada Steel',
  line1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  country: 'GB',
  phone: '+44 20 7946 0000',
};
export const US = {
  name: 'Casey Blade',
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
};
export const FR = {
  name: 'Camille Lame',
  line1: '1 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75001',
  country: 'FR',
  phone: '+33 1 40 20 50 50',
};
export const BR = {
  name: 'Bia Faca',
  line1: 'Rua Augusta 1',
  city: 'São Paulo',
  region: 'SP',
  postalCode: '01304-000',
  country: 'BR',
  phone: '+55 11 5555 0100',
};
