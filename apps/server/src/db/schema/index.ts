export * from './users';
export * from './organizers';
export * from './system';
export * from './business';
export * from './tours';
export * from './bookings';
export * from './chat';
export * from './messages';
