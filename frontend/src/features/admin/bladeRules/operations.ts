import { graphql } from '../../../gql';

export const BladeRuleFieldsFragment = graphql(`
  fragment BladeRuleFields on BladeRule {
    country
    minimumAge
    allowed
    handover
    updatedAt
    updatedBy
  }
`);

/** Every country's rule, and the countries the shop delivers to (offered first when adding one). */
export const BladeRulesQuery = graphql(`
  query BladeRules {
    bladeRules {
      ...BladeRuleFields
    }
    shippingCountries
  }
`);

export const SetBladeRuleMutation = graphql(`
  mutation SetBladeRule($input: BladeRuleInput!) {
    setBladeRule(input: $input) {
      ...BladeRuleFields
    }
  }
`);

export const DeleteBladeRuleMutation = graphql(`
  mutation DeleteBladeRule($country: String!) {
    deleteBladeRule(country: $country)
  }
`);
