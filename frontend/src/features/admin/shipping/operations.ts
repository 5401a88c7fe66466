import { graphql } from '../../../gql';

export const ShippingMethodFieldsFragment = graphql(`
  fragment ShippingMethodFields on ShippingMethod {
    id
    zoneId
    name
    price {
      ...MoneyFields
    }
    freeOver {
      ...MoneyFields
    }
    minDays
    maxDays
    enabled
    weightBands {
      upToGrams
      price {
        ...MoneyFields
      }
    }
  }
`);

export const ShippingZoneFieldsFragment = graphql(`
  fragment ShippingZoneFields on ShippingZone {
    id
    name
    countries
    regions {
      country
      region
      name
    }
    methods {
      ...ShippingMethodFields
    }
    taxRates {
      ...TaxRateFields
    }
  }
`);

export const TaxRateFieldsFragment = graphql(`
  fragment TaxRateFields on TaxRate {
    category
    ratePercent
    country
    region
    regionName
    taxShipping
  }
`);

export const ShippingZonesQuery = graphql(`
  query ShippingZones {
    shippingZones {
      ...ShippingZoneFields
    }
  }
`);

export const CreateShippingZoneMutation = graphql(`
  mutation CreateShippingZone($input: ShippingZoneInput!) {
    createShippingZone(input: $input) {
      ...ShippingZoneFields
    }
  }
`);

export const UpdateShippingZoneMutation = graphql(`
  mutation UpdateShippingZone($id: ID!, $input: ShippingZoneInput!) {
    updateShippingZone(id: $id, input: $input) {
      ...ShippingZoneFields
    }
  }
`);

export const DeleteShippingZoneMutation = graphql(`
  mutation DeleteShippingZone($id: ID!) {
    deleteShippingZone(id: $id)
  }
`);

export const CreateShippingMethodMutation = graphql(`
  mutation CreateShippingMethod($input: ShippingMethodInput!) {
    createShippingMethod(input: $input) {
      ...ShippingMethodFields
    }
  }
`);

export const UpdateShippingMethodMutation = graphql(`
  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {
    updateShippingMethod(id: $id, input: $input) {
      ...ShippingMethodFields
    }
  }
`);

export const SetTaxRateMutation = graphql(`
  mutation SetTaxRate($input: TaxRateInput!) {
    setTaxRate(input: $input) {
      id
      taxRates {
        ...TaxRateFields
      }
    }
  }
`);

export const RemoveTaxRateMutation = graphql(`
  mutation RemoveTaxRate($input: TaxRateKeyInput!) {
    removeTaxRate(input: $input) {
      id
      taxRates {
        ...TaxRateFields
      }
    }
  }
`);

export const TaxProviderStatusQuery = graphql(`
  query TaxProviderStatus {
    taxProviderStatus {
      provider
      lastCalculationAt
      lastError
    }
  }
`);
