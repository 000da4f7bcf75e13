/**
 * Devices a person has signed in from (a random value in an HttpOnly cookie, stored hashed), so
 * that failed sign-ins by someone else throttle strangers but not the owner's own browser.
 * `subject` is `user:<id>` or `operator:<id>`.
 */
export const loginDevices: string[] = [
  `create table login_devices (
     token_hash text primary key,
     subject text not null,
     created_at timestamptz not null,
     last_used_at timestamptz not null
   )`,
  `create index login_devices_subject_idx on login_devices(subject)`,
];
