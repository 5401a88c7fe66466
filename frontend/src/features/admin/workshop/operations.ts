import { graphql } from '../../../gql';

/** The workshop's settings and closed dates, as the Workshop page edits them. */
export const WorkshopSettingsFieldsFragment = graphql(`
  fragment WorkshopSettingsFields on WorkshopSettings {
    handlingDays
    capacityPerWeek
    queuedUnits
    closedDates {
      date
      note
    }
  }
`);

export const WorkshopQuery = graphql(`
  query Workshop {
    workshopSettings {
      ...WorkshopSettingsFields
    }
    workshopQueue {
      lineId
      orderId
      productName
      variantName
      queuedQuantity
      engravingText
      engravingFont
      engravingPlacement
      customValue
      customerName
      overdue
      shipBy {
        earliest
        latest
        text
      }
    }
  }
`);

export const UpdateWorkshopSettingsMutation = graphql(`
  mutation UpdateWorkshopSettings($input: WorkshopSettingsInputType!) {
    updateWorkshopSettings(input: $input) {
      ...WorkshopSettingsFields
    }
  }
`);

export const CloseWorkshopDateMutation = graphql(`
  mutation CloseWorkshopDate($date: String!, $note: String) {
    closeWorkshopDate(date: $date, note: $note) {
      ...WorkshopSettingsFields
    }
  }
`);

export const ReopenWorkshopDateMutation = graphql(`
  mutation ReopenWorkshopDate($date: String!) {
    reopenWorkshopDate(date: $date) {
      ...WorkshopSettingsFields
    }
  }
`);

export const SetOrderShipByMutation = graphql(`
  mutation SetOrderShipBy($orderId: ID!, $latest: String!) {
    setOrderShipBy(orderId: $orderId, latest: $latest) {
      id
      shipBy {
        earliest
        latest
        text
      }
      late
    }
  }
`);
