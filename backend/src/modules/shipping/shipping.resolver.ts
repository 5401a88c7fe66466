import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { ShippingService } from './shipping.service';
import { ShippingMethod, ShippingMethodInput, ShippingZone, ShippingZoneInput, TaxRateInput, TaxRateKeyInput } from './shipping.types';

type GraphQLContext = GraphQLContextOf<{ shipping: ShippingService }>;

/** The dashboard's "Shipping and tax": admins signed in as themselves (keys have no scope for it); shoppers read where it delivers. */
@Resolver()
export class ShippingResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @Query(() => [String], {
    description:
      'Anyone: the countries the shop delivers to (ISO 3166-1 alpha-2, sorted), listed first in address forms; [] when the shop has not set delivery up',
  })
  shippingCountries(@Ctx() { services }: GraphQLContext): Promise<string[]> {
    return services.shipping.countries();
  }

  @Allow({ allow: 'admin' })
  @Query(() => [ShippingZone], { description: 'Admin only: every shipping zone with its countries, methods and tax rates' })
  shippingZones(@Ctx() { caller, services }: GraphQLContext): Promise<ShippingZone[]> {
    return services.shipping.zones(caller);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingZone, { description: 'Admin only: a new zone; a country already in another zone is refused' })
  createShippingZone(
    @Arg('input', () => ShippingZoneInput, { description: 'Its name and countries' }) input: ShippingZoneInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingZone> {
    return services.shipping.createZone(caller, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingZone, { description: 'Admin only: renames a zone and replaces its countries' })
  updateShippingZone(
    @Arg('id', () => ID, { description: 'The zone' }) id: string,
    @Arg('input', () => ShippingZoneInput, { description: 'Its new name and countries' }) input: ShippingZoneInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingZone> {
    return services.shipping.updateZone(caller, id, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ID, { description: 'Admin only: deletes a zone with its methods and rates; answers its id' })
  deleteShippingZone(
    @Arg('id', () => ID, { description: 'The zone' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return services.shipping.deleteZone(caller, id);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingMethod, { description: 'Admin only: a delivery method of a zone' })
  createShippingMethod(
    @Arg('input', () => ShippingMethodInput, { description: 'The method' }) input: ShippingMethodInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingMethod> {
    return services.shipping.createMethod(caller, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingMethod, { description: 'Admin only: edits a method (its zone stays); enabled false stops offering it' })
  updateShippingMethod(
    @Arg('id', () => ID, { description: 'The method' }) id: string,
    @Arg('input', () => ShippingMethodInput, { description: 'The method as it should be; zoneId is ignored' }) input: ShippingMethodInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingMethod> {
    return services.shipping.updateMethod(caller, id, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingZone, {
    description:
      "Admin only: sets a zone's rate for one tax category, or a region's (a US state's), with whether it taxes shipping; answers the zone",
  })
  setTaxRate(
    @Arg('input', () => TaxRateInput, { description: 'The zone, category and rate' }) input: TaxRateInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingZone> {
    return services.shipping.setTaxRate(caller, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ShippingZone, {
    description: "Admin only: removes a zone's rate for one category, or a region's; answers the zone",
  })
  removeTaxRate(
    @Arg('input', () => TaxRateKeyInput, { description: 'The zone, category and, for a region, its country and region' })
    input: TaxRateKeyInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingZone> {
    return services.shipping.removeTaxRate(caller, input);
  }
}
