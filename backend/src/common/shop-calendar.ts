import { isoDateOf, type IsoDate } from '@keen/rules';

/**
 * The shop's calendar (SHOP_TIME_ZONE, default UTC): the date its workshop, its promised ship
 * dates and its "late" checks live by. Set once from the settings when the services are made;
 * every "today" on the server asks here, so a shop in Auckland is not a day behind its customers.
 */
let shopTimeZone = 'UTC';

export function setShopTimeZone(timeZone: string): void {
  shopTimeZone = timeZone;
}

/** The shop's date at `now` (YYYY-MM-DD). */
export const shopDateOf = (now: Date = new Date()): IsoDate => isoDateOf(now, shopTimeZone);
