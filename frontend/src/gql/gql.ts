/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment OrderDocumentsFields on Order {\n    id\n    invoiceNumber\n    invoiceUrl\n    vatNumber\n    vatReverseCharge\n    totals {\n      refunded {\n        ...MoneyFields\n      }\n    }\n    refunds {\n      id\n      creditNoteNumber\n      creditNoteUrl\n      createdAt\n      reason\n      amount {\n        ...MoneyFields\n      }\n    }\n  }\n": typeof types.OrderDocumentsFieldsFragmentDoc,
    "\n  fragment FailedJobFields on FailedJob {\n    id\n    queue\n    state\n    attempts\n    lastError\n    createdAt\n    failedAt\n  }\n": typeof types.FailedJobFieldsFragmentDoc,
    "\n  query FailedJobs {\n    failedJobs {\n      ...FailedJobFields\n    }\n  }\n": typeof types.FailedJobsDocument,
    "\n  query ScheduledJobs {\n    scheduledJobs {\n      name\n      periodSeconds\n      lastSuccessAt\n      lastFailureAt\n      lastError\n      consecutiveFailures\n      nextRunAt\n    }\n  }\n": typeof types.ScheduledJobsDocument,
    "\n  mutation RetryJob($id: ID!) {\n    retryJob(id: $id) {\n      ...FailedJobFields\n    }\n  }\n": typeof types.RetryJobDocument,
    "\n  mutation RefundOrder($orderId: ID!, $input: RefundInput!) {\n    refundOrder(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n": typeof types.RefundOrderDocument,
    "\n  fragment BladeRuleFields on BladeRule {\n    country\n    minimumAge\n    allowed\n    handover\n    updatedAt\n    updatedBy\n  }\n": typeof types.BladeRuleFieldsFragmentDoc,
    "\n  query BladeRules {\n    bladeRules {\n      ...BladeRuleFields\n    }\n    shippingCountries\n  }\n": typeof types.BladeRulesDocument,
    "\n  mutation SetBladeRule($input: BladeRuleInput!) {\n    setBladeRule(input: $input) {\n      ...BladeRuleFields\n    }\n  }\n": typeof types.SetBladeRuleDocument,
    "\n  mutation DeleteBladeRule($country: String!) {\n    deleteBladeRule(country: $country)\n  }\n": typeof types.DeleteBladeRuleDocument,
    "\n  fragment AdminCollectionFields on Collection {\n    id\n    name\n    slug\n    description\n    image\n    position\n    products {\n      id\n      name\n    }\n  }\n": typeof types.AdminCollectionFieldsFragmentDoc,
    "\n  query AdminCollections {\n    collections {\n      ...AdminCollectionFields\n    }\n  }\n": typeof types.AdminCollectionsDocument,
    "\n  mutation CreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n": typeof types.CreateCollectionDocument,
    "\n  mutation UpdateCollection($id: ID!, $input: CollectionInput!) {\n    updateCollection(id: $id, input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n": typeof types.UpdateCollectionDocument,
    "\n  mutation DeleteCollection($id: ID!) {\n    deleteCollection(id: $id)\n  }\n": typeof types.DeleteCollectionDocument,
    "\n  mutation SetCollectionProducts($id: ID!, $productIds: [ID!]!) {\n    setCollectionProducts(id: $id, productIds: $productIds) {\n      ...AdminCollectionFields\n    }\n  }\n": typeof types.SetCollectionProductsDocument,
    "\n  mutation ReorderCollections($ids: [ID!]!) {\n    reorderCollections(ids: $ids) {\n      id\n      position\n    }\n  }\n": typeof types.ReorderCollectionsDocument,
    "\n  query ShelfProductChoices($search: String) {\n    products(options: { search: $search, sortBy: name, sortDirection: ASC, skip: 0, take: 50 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ShelfProductChoicesDocument,
    "\n  fragment AdminDiscountFields on Discount {\n    id\n    code\n    kind\n    value\n    appliesTo\n    productIds\n    collectionIds\n    minimumSubtotal {\n      amount\n      formatted\n    }\n    startsAt\n    endsAt\n    usageLimit\n    oncePerCustomer\n    enabled\n    timesUsed\n  }\n": typeof types.AdminDiscountFieldsFragmentDoc,
    "\n  query AdminDiscounts {\n    discounts {\n      ...AdminDiscountFields\n    }\n  }\n": typeof types.AdminDiscountsDocument,
    "\n  query DiscountTargets {\n    products(options: { take: 100, sortBy: name }) {\n      items {\n        id\n        name\n      }\n    }\n    collections {\n      id\n      name\n    }\n  }\n": typeof types.DiscountTargetsDocument,
    "\n  mutation CreateDiscount($input: DiscountInput!) {\n    createDiscount(input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n": typeof types.CreateDiscountDocument,
    "\n  mutation UpdateDiscount($id: ID!, $input: DiscountInput!) {\n    updateDiscount(id: $id, input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n": typeof types.UpdateDiscountDocument,
    "\n  mutation DisableDiscount($id: ID!) {\n    disableDiscount(id: $id) {\n      ...AdminDiscountFields\n    }\n  }\n": typeof types.DisableDiscountDocument,
    "\n  fragment GalleryFields on Product {\n    id\n    img\n    images {\n      id\n      url\n      alt\n      position\n    }\n  }\n": typeof types.GalleryFieldsFragmentDoc,
    "\n  mutation AddProductImage($productId: ID!, $input: ProductImageInput!) {\n    addProductImage(productId: $productId, input: $input) {\n      ...GalleryFields\n    }\n  }\n": typeof types.AddProductImageDocument,
    "\n  mutation SetProductImageAlt($id: ID!, $alt: String!) {\n    setProductImageAlt(id: $id, alt: $alt) {\n      ...GalleryFields\n    }\n  }\n": typeof types.SetProductImageAltDocument,
    "\n  mutation RemoveProductImage($id: ID!) {\n    removeProductImage(id: $id) {\n      ...GalleryFields\n    }\n  }\n": typeof types.RemoveProductImageDocument,
    "\n  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {\n    reorderProductImages(productId: $productId, imageIds: $imageIds) {\n      ...GalleryFields\n    }\n  }\n": typeof types.ReorderProductImagesDocument,
    "\n  fragment AdminGiftCardFields on GiftCard {\n    id\n    lastFour\n    balance {\n      amount\n      currency\n      formatted\n    }\n    initialAmount {\n      amount\n      currency\n      formatted\n    }\n    recipientEmail\n    disabled\n    expiresAt\n    createdAt\n    orderId\n  }\n": typeof types.AdminGiftCardFieldsFragmentDoc,
    "\n  query AdminGiftCards {\n    giftCards {\n      ...AdminGiftCardFields\n    }\n  }\n": typeof types.AdminGiftCardsDocument,
    "\n  query GiftCardLedger($id: ID!) {\n    giftCard(id: $id) {\n      id\n      ledger {\n        id\n        kind\n        amount {\n          amount\n          currency\n          formatted\n        }\n        reason\n        createdBy\n        orderId\n        createdAt\n      }\n    }\n  }\n": typeof types.GiftCardLedgerDocument,
    "\n  mutation IssueGiftCard($input: IssueGiftCardInput!) {\n    issueGiftCard(input: $input) {\n      ...AdminGiftCardFields\n      code\n    }\n  }\n": typeof types.IssueGiftCardDocument,
    "\n  mutation AdjustGiftCard($id: ID!, $input: GiftCardAdjustmentInput!) {\n    adjustGiftCard(id: $id, input: $input) {\n      ...AdminGiftCardFields\n    }\n  }\n": typeof types.AdjustGiftCardDocument,
    "\n  mutation DisableGiftCard($id: ID!) {\n    disableGiftCard(id: $id) {\n      ...AdminGiftCardFields\n    }\n  }\n": typeof types.DisableGiftCardDocument,
    "\n  query AdminMessages($options: MessageListOptions) {\n    messages(options: $options) {\n      totalItems\n      items {\n        id\n        kind\n        status\n        name\n        email\n        message\n        productName\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminMessagesDocument,
    "\n  fragment MessageFields on Message {\n    id\n    kind\n    status\n    name\n    email\n    message\n    productId\n    productName\n    budget {\n      formatted\n    }\n    photos\n    quoteOrderId\n    createdAt\n    replies {\n      id\n      text\n      repliedBy\n      createdAt\n    }\n  }\n": typeof types.MessageFieldsFragmentDoc,
    "\n  query AdminMessage($id: ID!) {\n    message(id: $id) {\n      ...MessageFields\n    }\n  }\n": typeof types.AdminMessageDocument,
    "\n  mutation ReplyToMessage($id: ID!, $text: String!) {\n    replyToMessage(id: $id, text: $text) {\n      ...MessageFields\n    }\n  }\n": typeof types.ReplyToMessageDocument,
    "\n  mutation ArchiveMessage($id: ID!, $archived: Boolean) {\n    archiveMessage(id: $id, archived: $archived) {\n      id\n      status\n    }\n  }\n": typeof types.ArchiveMessageDocument,
    "\n  query QuoteProducts {\n    products(options: { take: 100, sortBy: name }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.QuoteProductsDocument,
    "\n  mutation QuoteFromMessage($messageId: ID!, $input: QuoteFromMessageInput!) {\n    quoteFromMessage(messageId: $messageId, input: $input) {\n      ...MessageFields\n    }\n  }\n": typeof types.QuoteFromMessageDocument,
    "\n  fragment ProductAgeFields on Product {\n    ageRestricted\n    minimumAge\n  }\n": typeof types.ProductAgeFieldsFragmentDoc,
    "\n  query AdminOrders($options: OrderListOptions) {\n    orders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n        ageRestricted\n        deliveryHandover\n      }\n    }\n  }\n": typeof types.AdminOrdersDocument,
    "\n  mutation MarkShipped($id: ID!, $tracking: ShipmentTrackingInput) {\n    markShipped(id: $id, tracking: $tracking) {\n      id\n      status\n      state\n      trackingCarrier\n      trackingNumber\n      ageVerifiedDelivery\n    }\n  }\n": typeof types.MarkShippedDocument,
    "\n  mutation AdjustOrderPrice($orderId: ID!, $input: PriceAdjustmentInput!) {\n    adjustOrderPrice(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n": typeof types.AdjustOrderPriceDocument,
    "\n  query OrderHistory($id: ID!) {\n    orderHistory(id: $id) {\n      id\n      fromState\n      toState\n      actor\n      actorEmail\n      note\n      createdAt\n    }\n  }\n": typeof types.OrderHistoryDocument,
    "\n  query AgeChecks($orderId: ID!) {\n    ageChecks(orderId: $orderId) {\n      id\n      kind\n      createdAt\n      method\n      status\n      ageBracket\n      providerReference\n      country\n      minimumAge\n      handover\n      ageVerifiedDelivery\n      note\n    }\n  }\n": typeof types.AgeChecksDocument,
    "\n  query AdminProducts($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductFields\n        ...ProductEngravingFields\n        ...ProductAgeFields\n        ...GalleryFields\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminProductsDocument,
    "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductAgeFields\n    taxCategory\n    kind\n    giftCardMinAmount\n    giftCardMaxAmount\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    madeToOrderCap\n    weightGrams\n  }\n": typeof types.AdminProductFieldsFragmentDoc,
    "\n  query AdminProduct($id: ID!) {\n    product(id: $id) {\n      ...AdminProductFields\n      slug\n    }\n  }\n": typeof types.AdminProductDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      ...AdminProductFields\n      createdAt\n    }\n  }\n": typeof types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      ...AdminProductFields\n      slug\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": typeof types.DeleteProductDocument,
    "\n  query AdminUsers($options: UserListOptions) {\n    users(options: $options) {\n      totalItems\n      items {\n        ...UserFields\n        createdAt\n        activeApiKeyCount\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": typeof types.MakeAdminDocument,
    "\n  mutation RemoveAdmin($email: String!) {\n    removeAdmin(email: $email) {\n      id\n      role\n      activeApiKeyCount\n    }\n  }\n": typeof types.RemoveAdminDocument,
    "\n  query Overview {\n    overview {\n      days {\n        day\n        sales {\n          ...MoneyFields\n        }\n        orders\n      }\n      paidOrders\n      unpaidOrders\n      lowStockVariants {\n        variantId\n        name\n        variantName\n        sku\n        quantity\n        minimumQuantity\n      }\n      unitsByProduct {\n        productId\n        name\n        units\n      }\n      unitsByVariant {\n        variantId\n        name\n        variantName\n        sku\n        units\n      }\n    }\n  }\n": typeof types.OverviewDocument,
    "\n  query CustomerData($userId: ID!, $reason: String!) {\n    customerData(userId: $userId, reason: $reason)\n  }\n": typeof types.CustomerDataDocument,
    "\n  mutation EraseCustomer($userId: ID!, $input: EraseCustomerInput!) {\n    eraseCustomer(userId: $userId, input: $input) {\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        why\n      }\n    }\n  }\n": typeof types.EraseCustomerDocument,
    "\n  mutation MarkDelivered($id: ID!) {\n    markDelivered(id: $id) {\n      id\n      status\n      state\n      deliveredAt\n    }\n  }\n": typeof types.MarkDeliveredDocument,
    "\n  query AdminOrderProofs($id: ID!) {\n    order(id: $id) {\n      id\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n": typeof types.AdminOrderProofsDocument,
    "\n  mutation SendOrderProof($input: SendOrderProofInput!) {\n    sendOrderProof(input: $input) {\n      ...OrderProofState\n    }\n  }\n": typeof types.SendOrderProofDocument,
    "\n  query AdminReturns($options: ReturnListOptions) {\n    returns(options: $options) {\n      ...ReturnFields\n    }\n  }\n": typeof types.AdminReturnsDocument,
    "\n  mutation ApproveReturn($id: ID!) {\n    approveReturn(id: $id) {\n      ...ReturnFields\n    }\n  }\n": typeof types.ApproveReturnDocument,
    "\n  mutation DeclineReturn($id: ID!, $reason: String!) {\n    declineReturn(id: $id, reason: $reason) {\n      ...ReturnFields\n    }\n  }\n": typeof types.DeclineReturnDocument,
    "\n  mutation ReceiveReturn($id: ID!, $lines: [ReceivedLineInput!]!) {\n    receiveReturn(id: $id, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n": typeof types.ReceiveReturnDocument,
    "\n  mutation RefundReturn($id: ID!, $delivery: Boolean) {\n    refundReturn(id: $id, delivery: $delivery) {\n      ...ReturnFields\n    }\n  }\n": typeof types.RefundReturnDocument,
    "\n  fragment ShippingMethodFields on ShippingMethod {\n    id\n    zoneId\n    name\n    price {\n      ...MoneyFields\n    }\n    freeOver {\n      ...MoneyFields\n    }\n    minDays\n    maxDays\n    enabled\n    weightBands {\n      upToGrams\n      price {\n        ...MoneyFields\n      }\n    }\n  }\n": typeof types.ShippingMethodFieldsFragmentDoc,
    "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    name\n    countries\n    regions {\n      country\n      region\n      name\n    }\n    methods {\n      ...ShippingMethodFields\n    }\n    taxRates {\n      ...TaxRateFields\n    }\n  }\n": typeof types.ShippingZoneFieldsFragmentDoc,
    "\n  fragment TaxRateFields on TaxRate {\n    category\n    ratePercent\n    country\n    region\n    regionName\n    taxShipping\n  }\n": typeof types.TaxRateFieldsFragmentDoc,
    "\n  query ShippingZones {\n    shippingZones {\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.ShippingZonesDocument,
    "\n  mutation CreateShippingZone($input: ShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.CreateShippingZoneDocument,
    "\n  mutation UpdateShippingZone($id: ID!, $input: ShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.UpdateShippingZoneDocument,
    "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id)\n  }\n": typeof types.DeleteShippingZoneDocument,
    "\n  mutation CreateShippingMethod($input: ShippingMethodInput!) {\n    createShippingMethod(input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n": typeof types.CreateShippingMethodDocument,
    "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n": typeof types.UpdateShippingMethodDocument,
    "\n  mutation SetTaxRate($input: TaxRateInput!) {\n    setTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n": typeof types.SetTaxRateDocument,
    "\n  mutation RemoveTaxRate($input: TaxRateKeyInput!) {\n    removeTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n": typeof types.RemoveTaxRateDocument,
    "\n  query TaxProviderStatus {\n    taxProviderStatus {\n      provider\n      lastCalculationAt\n      lastError\n    }\n  }\n": typeof types.TaxProviderStatusDocument,
    "\n  fragment ProductVariantsFields on Product {\n    id\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    ...ProductChoiceFields\n    variants {\n      productId\n      sku\n      options {\n        name\n        custom\n      }\n      ownImg\n      weightGrams\n      ownWeightGrams\n    }\n  }\n": typeof types.ProductVariantsFieldsFragmentDoc,
    "\n  query ProductVariants($id: ID!) {\n    product(id: $id) {\n      name\n      img\n      ...ProductVariantsFields\n    }\n  }\n": typeof types.ProductVariantsDocument,
    "\n  mutation SetProductOptions($productId: ID!, $groups: [ProductOptionGroupInput!]!) {\n    setProductOptions(productId: $productId, groups: $groups) {\n      ...ProductVariantsFields\n    }\n  }\n": typeof types.SetProductOptionsDocument,
    "\n  mutation UpdateProductVariant($id: ID!, $input: ProductVariantInput!) {\n    updateProductVariant(id: $id, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n": typeof types.UpdateProductVariantDocument,
    "\n  mutation UpdateProductVariants($ids: [ID!]!, $input: ProductVariantInput!) {\n    updateProductVariants(ids: $ids, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n": typeof types.UpdateProductVariantsDocument,
    "\n  mutation DeleteProductVariant($id: ID!) {\n    deleteProductVariant(id: $id) {\n      ...ProductVariantsFields\n    }\n  }\n": typeof types.DeleteProductVariantDocument,
    "\n  fragment WorkshopSettingsFields on WorkshopSettings {\n    handlingDays\n    capacityPerWeek\n    queuedUnits\n    closedDates {\n      date\n      note\n    }\n  }\n": typeof types.WorkshopSettingsFieldsFragmentDoc,
    "\n  query Workshop {\n    workshopSettings {\n      ...WorkshopSettingsFields\n    }\n    workshopQueue {\n      lineId\n      orderId\n      productName\n      variantName\n      queuedQuantity\n      engravingText\n      engravingFont\n      engravingPlacement\n      customValue\n      customerName\n      overdue\n      shipBy {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": typeof types.WorkshopDocument,
    "\n  mutation UpdateWorkshopSettings($input: WorkshopSettingsInputType!) {\n    updateWorkshopSettings(input: $input) {\n      ...WorkshopSettingsFields\n    }\n  }\n": typeof types.UpdateWorkshopSettingsDocument,
    "\n  mutation CloseWorkshopDate($date: String!, $note: String) {\n    closeWorkshopDate(date: $date, note: $note) {\n      ...WorkshopSettingsFields\n    }\n  }\n": typeof types.CloseWorkshopDateDocument,
    "\n  mutation ReopenWorkshopDate($date: String!) {\n    reopenWorkshopDate(date: $date) {\n      ...WorkshopSettingsFields\n    }\n  }\n": typeof types.ReopenWorkshopDateDocument,
    "\n  mutation SetOrderShipBy($orderId: ID!, $latest: String!) {\n    setOrderShipBy(orderId: $orderId, latest: $latest) {\n      id\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      late\n    }\n  }\n": typeof types.SetOrderShipByDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...UserFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  query CartProduct($id: ID!) {\n    product(id: $id) {\n      ...OrderableProductFields\n    }\n  }\n": typeof types.CartProductDocument,
    "\n  query CheckoutPage {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n  }\n": typeof types.CheckoutPageDocument,
    "\n  mutation PlaceCartOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      guestToken\n    }\n  }\n": typeof types.PlaceCartOrderDocument,
    "\n  query CollectionChoices {\n    collections {\n      id\n      name\n      slug\n    }\n  }\n": typeof types.CollectionChoicesDocument,
    "\n  query CollectionPage($slug: String!) {\n    collection(slug: $slug) {\n      id\n      name\n      slug\n      description\n      products {\n        ...ProductCardFields\n      }\n    }\n  }\n": typeof types.CollectionPageDocument,
    "\n  fragment ProductEngravingFields on Product {\n    engravable\n    engravingMaxLength\n    proofRequired\n    engravingPlacements\n    engravingSurcharge {\n      ...MoneyFields\n    }\n  }\n": typeof types.ProductEngravingFieldsFragmentDoc,
    "\n  query EngravingSheet($id: ID!) {\n    order(id: $id) {\n      ...OrderFields\n      ageRestricted\n      parcelNotice\n      lines {\n        id\n        proofRequired\n        proofApproved\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": typeof types.EngravingSheetDocument,
    "\n  query GiftSlip($id: ID!) {\n    order(id: $id) {\n      id\n      createdAt\n      giftMessage\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n": typeof types.GiftSlipDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    prefix\n    scopes\n    createdAt\n    createdBy\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    enabled\n    failingSince\n    consecutiveFailures\n    createdBy\n    createdAt\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      events\n      url\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation ResumeWebhookEndpoint($id: ID!) {\n    resumeWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.ResumeWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      id\n      status\n      statusCode\n      error\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    status\n    attempts\n    statusCode\n    durationMs\n    error\n    nextRetryAt\n    deliveredAt\n    createdAt\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookDeliveries($endpointId: ID!) {\n    webhookDeliveries(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.ResendWebhookDeliveryDocument,
    "\n  mutation ClaimGuestOrders {\n    claimGuestOrders\n  }\n": typeof types.ClaimGuestOrdersDocument,
    "\n  query PackingSlip($id: ID!) {\n    order(id: $id) {\n      id\n      userName\n      address\n      phone\n      createdAt\n      ageRestricted\n      parcelNotice\n      shippingMethodName\n      shippingAddress {\n        ...ShippingAddressFields\n      }\n      lines {\n        id\n        name\n        variantName\n        sku\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n": typeof types.PackingSlipDocument,
    "\n  query PaymentPage($id: ID!, $token: String) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id, token: $token) {\n      id\n      name\n      ...OrderDeliveryFields\n      paid\n      state\n      transactionId\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      engraving {\n        text\n        font\n      }\n      lines {\n        ...OrderLineSummary\n      }\n    }\n  }\n": typeof types.PaymentPageDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String, $token: String) {\n    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey, token: $token) {\n      id\n      clientSecret\n    }\n  }\n": typeof types.CreatePaymentIntentDocument,
    "\n  fragment PaidOrderFields on Order {\n    id\n    paid\n    state\n    status\n    transactionId\n  }\n": typeof types.PaidOrderFieldsFragmentDoc,
    "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!, $token: String) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": typeof types.ConfirmPaymentDocument,
    "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!, $token: String) {\n    confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": typeof types.ConfirmTestCardPaymentDocument,
    "\n  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!, $token: String) {\n    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": typeof types.CompleteTestPaymentAuthenticationDocument,
    "\n  query PaymentReturn($id: ID!) {\n    order(id: $id) {\n      id\n      name\n      ...PaidOrderFields\n    }\n  }\n": typeof types.PaymentReturnDocument,
    "\n  mutation PaymentStatus($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      status\n    }\n  }\n": typeof types.PaymentStatusDocument,
    "\n  query GuestOrder($id: ID!, $token: String!) {\n    order(id: $id, token: $token) {\n      ...OrderFields\n      ...OrderDocumentsFields\n      guestToken\n    }\n  }\n": typeof types.GuestOrderDocument,
    "\n  mutation CancelGuestOrder($id: ID!, $token: String!) {\n    cancelOrder(id: $id, token: $token) {\n      id\n      state\n      status\n      paid\n    }\n  }\n": typeof types.CancelGuestOrderDocument,
    "\n  query ProductPage($slug: String!) {\n    product(slug: $slug) {\n      ...ProductFields\n      ...LeadTimeFields\n      slug\n      kind\n      ...ProductEngravingFields\n      ...ProductChoiceFields\n      rating {\n        average\n        count\n      }\n      images {\n        id\n        url\n        alt\n        srcset\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": typeof types.ProductPageDocument,
    "\n  mutation DeleteAddress($id: ID!) {\n    deleteAddress(id: $id)\n  }\n": typeof types.DeleteAddressDocument,
    "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      ...SavedAddress\n    }\n  }\n": typeof types.SetDefaultAddressDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation SetOrderEmails($on: Boolean!) {\n    setOrderEmails(on: $on) {\n      id\n      orderEmails\n    }\n  }\n": typeof types.SetOrderEmailsDocument,
    "\n  query MyData {\n    myData\n  }\n": typeof types.MyDataDocument,
    "\n  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {\n    deleteMyAccount(input: $input) {\n      erasedAt\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        count\n        why\n      }\n    }\n  }\n": typeof types.DeleteMyAccountDocument,
    "\n  query OrderProofs($id: ID!, $token: String) {\n    order(id: $id, token: $token) {\n      id\n      name\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n": typeof types.OrderProofsDocument,
    "\n  mutation ApproveOrderProof($orderId: ID!, $proofId: ID!, $token: String) {\n    approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) {\n      ...OrderProofState\n    }\n  }\n": typeof types.ApproveOrderProofDocument,
    "\n  mutation RequestOrderProofChanges($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) {\n    requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) {\n      ...OrderProofState\n    }\n  }\n": typeof types.RequestOrderProofChangesDocument,
    "\n  mutation CorrectOrderEngraving($orderId: ID!, $lineId: ID!, $text: String!, $token: String) {\n    correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) {\n      ...OrderProofState\n    }\n  }\n": typeof types.CorrectOrderEngravingDocument,
    "\n  query PurchasePage($id: ID!) {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n    product(id: $id) {\n      ...OrderableProductFields\n      kind\n      giftCardMinAmount\n      giftCardMaxAmount\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": typeof types.PurchasePageDocument,
    "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      product {\n        id\n        quantity\n      }\n    }\n  }\n": typeof types.PlaceOrderDocument,
    "\n  mutation RemoveReview($id: ID!) {\n    removeReview(id: $id)\n  }\n": typeof types.RemoveReviewDocument,
    "\n  fragment AddressLinesFields on AddressLines {\n    name\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    phone\n  }\n": typeof types.AddressLinesFieldsFragmentDoc,
    "\n  fragment SavedAddress on Address {\n    id\n    ...AddressLinesFields\n    isDefault\n    createdAt\n  }\n": typeof types.SavedAddressFragmentDoc,
    "\n  query MyAddresses {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n": typeof types.MyAddressesDocument,
    "\n  mutation SaveAddress($input: AddressInput!) {\n    saveAddress(input: $input) {\n      ...SavedAddress\n    }\n  }\n": typeof types.SaveAddressDocument,
    "\n  fragment AgeVerificationFields on AgeVerification {\n    id\n    status\n    method\n    checkedAt\n    ageBracket\n    validUntil\n  }\n": typeof types.AgeVerificationFieldsFragmentDoc,
    "\n  fragment AgeCheckCustomer on User {\n    id\n    name\n    ageVerification {\n      ...AgeVerificationFields\n    }\n  }\n": typeof types.AgeCheckCustomerFragmentDoc,
    "\n  mutation VerifyAge($input: VerifyAgeInput!, $guestEmail: String) {\n    verifyAge(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n": typeof types.VerifyAgeDocument,
    "\n  mutation SubmitAgeDocument($input: AgeDocumentInput!, $guestEmail: String) {\n    submitAgeDocument(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n": typeof types.SubmitAgeDocumentDocument,
    "\n  fragment DeliveryChoices on Query {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n": typeof types.DeliveryChoicesFragmentDoc,
    "\n  query OrderQuote($input: ShippingOptionsInput!) {\n    orderQuote(input: $input) {\n      options {\n        id\n        name\n        minDays\n        maxDays\n        price {\n          ...MoneyFields\n        }\n        totals {\n          ...OrderTotalsFields\n        }\n        giftCardPayments {\n          ...GiftCardShareFields\n        }\n      }\n      notOffered\n      totals {\n        ...OrderTotalsFields\n      }\n      giftCardPayments {\n        ...GiftCardShareFields\n      }\n    }\n  }\n": typeof types.OrderQuoteDocument,
    "\n  fragment GiftCardShareFields on OrderGiftCardPayment {\n    lastFour\n    amount {\n      ...MoneyFields\n    }\n  }\n": typeof types.GiftCardShareFieldsFragmentDoc,
    "\n  query GiftCardBalance($code: String!) {\n    giftCardBalance(code: $code) {\n      lastFour\n      balance {\n        amount\n        currency\n        formatted\n      }\n      expiresAt\n    }\n  }\n": typeof types.GiftCardBalanceDocument,
    "\n  query EmailVerified {\n    me {\n      id\n      emailVerified\n    }\n  }\n": typeof types.EmailVerifiedDocument,
    "\n  fragment UserFields on User {\n    id\n    name\n    email\n    phone\n    address\n    img\n    role\n    orderEmails\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input)\n  }\n": typeof types.SendMessageDocument,
    "\n  query MessageKnives {\n    products(options: { take: 100 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.MessageKnivesDocument,
    "\n  fragment OrderTotalsFields on OrderTotals {\n    subtotal {\n      amount\n      currency\n      formatted\n    }\n    adjustments {\n      amount\n      currency\n      formatted\n    }\n    discount {\n      amount\n      currency\n      formatted\n    }\n    shipping {\n      amount\n      currency\n      formatted\n    }\n    tax {\n      amount\n      currency\n      formatted\n    }\n    total {\n      amount\n      currency\n      formatted\n    }\n    giftCards {\n      amount\n      currency\n      formatted\n    }\n    amountDue {\n      amount\n      currency\n      formatted\n    }\n  }\n": typeof types.OrderTotalsFieldsFragmentDoc,
    "\n  fragment OrderAdjustmentLabel on OrderAdjustment {\n    id\n    source\n    label\n  }\n": typeof types.OrderAdjustmentLabelFragmentDoc,
    "\n  fragment ShippingAddressFields on PostalAddress {\n    ...AddressLinesFields\n  }\n": typeof types.ShippingAddressFieldsFragmentDoc,
    "\n  fragment OrderDeliveryFields on Order {\n    totals {\n      ...OrderTotalsFields\n    }\n    adjustments {\n      ...OrderAdjustmentLabel\n    }\n    shippingMethodName\n    shippingAddress {\n      ...ShippingAddressFields\n    }\n    giftCardPayments {\n      lastFour\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n    giftCardsIssued {\n      lastFour\n      recipientEmail\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n  }\n": typeof types.OrderDeliveryFieldsFragmentDoc,
    "\n  fragment OrderLineSummary on OrderLine {\n    id\n    name\n    variantName\n    quantity\n    lineAmount {\n      ...MoneyFields\n    }\n    discount {\n      ...MoneyFields\n    }\n    engraving {\n      text\n      font\n      placement\n    }\n  }\n": typeof types.OrderLineSummaryFragmentDoc,
    "\n  fragment ReturnFields on ReturnRequest {\n    id\n    orderId\n    rmaNumber\n    state\n    reason\n    details\n    declineReason\n    photos\n    createdAt\n    lines {\n      id\n      orderLineId\n      name\n      quantity\n      receivedQuantity\n      restock\n    }\n  }\n": typeof types.ReturnFieldsFragmentDoc,
    "\n  fragment OrderFields on Order {\n    id\n    guest\n    userName\n    name\n    email\n    description\n    img\n    quantity\n    currency\n    ...OrderDeliveryFields\n    status\n    paid\n    state\n    deliveredAt\n    transactionId\n    trackingCarrier\n    trackingNumber\n    createdAt\n    returns {\n      ...ReturnFields\n    }\n    giftMessage\n    workshopNote\n    shipBy {\n      earliest\n      latest\n      text\n    }\n    late\n    ...OrderDocumentsFields\n    engraving {\n      text\n      font\n      placement\n    }\n    lines {\n      ...OrderLineSummary\n      refundedQuantity\n      sku\n      img\n      unitAmount {\n        ...MoneyFields\n      }\n      engraving {\n        unitAmount {\n          ...MoneyFields\n        }\n      }\n      product {\n        id\n        quantity\n      }\n    }\n  }\n": typeof types.OrderFieldsFragmentDoc,
    "\n  fragment OrderingCustomer on User {\n    id\n    name\n    email\n    phone\n    ...AgeCheckCustomer\n  }\n": typeof types.OrderingCustomerFragmentDoc,
    "\n  query MyOrders($options: OrderListOptions) {\n    myOrders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n      }\n    }\n  }\n": typeof types.MyOrdersDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      state\n      status\n      paid\n      product {\n        id\n        quantity\n      }\n      lines {\n        id\n        product {\n          id\n          quantity\n        }\n      }\n    }\n  }\n": typeof types.CancelOrderDocument,
    "\n  fragment MoneyFields on Money {\n    amount\n    currency\n    formatted\n  }\n": typeof types.MoneyFieldsFragmentDoc,
    "\n  fragment LeadTimeFields on Product {\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": typeof types.LeadTimeFieldsFragmentDoc,
    "\n  fragment VariantLeadTimeFields on ProductVariant {\n    leadTimeMode\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": typeof types.VariantLeadTimeFieldsFragmentDoc,
    "\n  fragment ProductFields on Product {\n    id\n    name\n    img\n    description\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    minimumQuantity\n  }\n": typeof types.ProductFieldsFragmentDoc,
    "\n  fragment ProductChoiceFields on Product {\n    optionGroups {\n      id\n      name\n      values {\n        id\n        groupId\n        name\n        custom\n      }\n      custom {\n        label\n        min\n        max\n        unit\n        surchargeAmount {\n          amount\n          currency\n          formatted\n        }\n      }\n    }\n    variants {\n      id\n      name\n      options {\n        id\n        groupId\n      }\n      unitPrice {\n        amount\n        currency\n        formatted\n      }\n      quantity\n      img\n      enabled\n      ...VariantLeadTimeFields\n    }\n  }\n": typeof types.ProductChoiceFieldsFragmentDoc,
    "\n  fragment OrderableProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductChoiceFields\n    ageRestricted\n    minimumAge\n    ...LeadTimeFields\n  }\n": typeof types.OrderableProductFieldsFragmentDoc,
    "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    ...LeadTimeFields\n    slug\n    kind\n    variants {\n      id\n      unitPrice {\n        ...MoneyFields\n      }\n      enabled\n    }\n  }\n": typeof types.ProductCardFieldsFragmentDoc,
    "\n  query Products($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductCardFields\n      }\n    }\n  }\n": typeof types.ProductsDocument,
    "\n  query ProductChoices($id: ID!) {\n    product(id: $id) {\n      id\n      ...ProductChoiceFields\n    }\n  }\n": typeof types.ProductChoicesDocument,
    "\n  fragment ProofFields on OrderProof {\n    id\n    lineId\n    version\n    imageUrls\n    note\n    engravingText\n    engravingFont\n    status\n    comment\n    sentAt\n    answeredAt\n    answeredBy\n  }\n": typeof types.ProofFieldsFragmentDoc,
    "\n  fragment OrderProofState on Order {\n    id\n    state\n    status\n    proofRoundsLeft\n    lines {\n      id\n      proofRequired\n      proofApproved\n      engraving {\n        text\n        font\n        placement\n      }\n    }\n    proofs {\n      ...ProofFields\n    }\n  }\n": typeof types.OrderProofStateFragmentDoc,
    "\n  query ReturnPolicy {\n    returnPolicy {\n      returnDays\n      policy\n    }\n  }\n": typeof types.ReturnPolicyDocument,
    "\n  mutation RequestReturn($input: RequestReturnInput!, $token: String) {\n    requestReturn(input: $input, token: $token) {\n      ...ReturnFields\n    }\n  }\n": typeof types.RequestReturnDocument,
    "\n  fragment ReviewFields on Review {\n    id\n    userName\n    name\n    description\n    img\n    star\n    verifiedBuyer\n    createdAt\n  }\n": typeof types.ReviewFieldsFragmentDoc,
    "\n  query Reviews($options: ReviewListOptions) {\n    reviews(options: $options) {\n      totalItems\n      items {\n        ...ReviewFields\n      }\n    }\n  }\n": typeof types.ReviewsDocument,
    "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      ...ReviewFields\n      productId\n      product {\n        id\n        rating {\n          average\n          count\n        }\n      }\n    }\n  }\n": typeof types.AddReviewDocument,
};
const documents: Documents = {
    "\n  fragment OrderDocumentsFields on Order {\n    id\n    invoiceNumber\n    invoiceUrl\n    vatNumber\n    vatReverseCharge\n    totals {\n      refunded {\n        ...MoneyFields\n      }\n    }\n    refunds {\n      id\n      creditNoteNumber\n      creditNoteUrl\n      createdAt\n      reason\n      amount {\n        ...MoneyFields\n      }\n    }\n  }\n": types.OrderDocumentsFieldsFragmentDoc,
    "\n  fragment FailedJobFields on FailedJob {\n    id\n    queue\n    state\n    attempts\n    lastError\n    createdAt\n    failedAt\n  }\n": types.FailedJobFieldsFragmentDoc,
    "\n  query FailedJobs {\n    failedJobs {\n      ...FailedJobFields\n    }\n  }\n": types.FailedJobsDocument,
    "\n  query ScheduledJobs {\n    scheduledJobs {\n      name\n      periodSeconds\n      lastSuccessAt\n      lastFailureAt\n      lastError\n      consecutiveFailures\n      nextRunAt\n    }\n  }\n": types.ScheduledJobsDocument,
    "\n  mutation RetryJob($id: ID!) {\n    retryJob(id: $id) {\n      ...FailedJobFields\n    }\n  }\n": types.RetryJobDocument,
    "\n  mutation RefundOrder($orderId: ID!, $input: RefundInput!) {\n    refundOrder(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n": types.RefundOrderDocument,
    "\n  fragment BladeRuleFields on BladeRule {\n    country\n    minimumAge\n    allowed\n    handover\n    updatedAt\n    updatedBy\n  }\n": types.BladeRuleFieldsFragmentDoc,
    "\n  query BladeRules {\n    bladeRules {\n      ...BladeRuleFields\n    }\n    shippingCountries\n  }\n": types.BladeRulesDocument,
    "\n  mutation SetBladeRule($input: BladeRuleInput!) {\n    setBladeRule(input: $input) {\n      ...BladeRuleFields\n    }\n  }\n": types.SetBladeRuleDocument,
    "\n  mutation DeleteBladeRule($country: String!) {\n    deleteBladeRule(country: $country)\n  }\n": types.DeleteBladeRuleDocument,
    "\n  fragment AdminCollectionFields on Collection {\n    id\n    name\n    slug\n    description\n    image\n    position\n    products {\n      id\n      name\n    }\n  }\n": types.AdminCollectionFieldsFragmentDoc,
    "\n  query AdminCollections {\n    collections {\n      ...AdminCollectionFields\n    }\n  }\n": types.AdminCollectionsDocument,
    "\n  mutation CreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n": types.CreateCollectionDocument,
    "\n  mutation UpdateCollection($id: ID!, $input: CollectionInput!) {\n    updateCollection(id: $id, input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n": types.UpdateCollectionDocument,
    "\n  mutation DeleteCollection($id: ID!) {\n    deleteCollection(id: $id)\n  }\n": types.DeleteCollectionDocument,
    "\n  mutation SetCollectionProducts($id: ID!, $productIds: [ID!]!) {\n    setCollectionProducts(id: $id, productIds: $productIds) {\n      ...AdminCollectionFields\n    }\n  }\n": types.SetCollectionProductsDocument,
    "\n  mutation ReorderCollections($ids: [ID!]!) {\n    reorderCollections(ids: $ids) {\n      id\n      position\n    }\n  }\n": types.ReorderCollectionsDocument,
    "\n  query ShelfProductChoices($search: String) {\n    products(options: { search: $search, sortBy: name, sortDirection: ASC, skip: 0, take: 50 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.ShelfProductChoicesDocument,
    "\n  fragment AdminDiscountFields on Discount {\n    id\n    code\n    kind\n    value\n    appliesTo\n    productIds\n    collectionIds\n    minimumSubtotal {\n      amount\n      formatted\n    }\n    startsAt\n    endsAt\n    usageLimit\n    oncePerCustomer\n    enabled\n    timesUsed\n  }\n": types.AdminDiscountFieldsFragmentDoc,
    "\n  query AdminDiscounts {\n    discounts {\n      ...AdminDiscountFields\n    }\n  }\n": types.AdminDiscountsDocument,
    "\n  query DiscountTargets {\n    products(options: { take: 100, sortBy: name }) {\n      items {\n        id\n        name\n      }\n    }\n    collections {\n      id\n      name\n    }\n  }\n": types.DiscountTargetsDocument,
    "\n  mutation CreateDiscount($input: DiscountInput!) {\n    createDiscount(input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n": types.CreateDiscountDocument,
    "\n  mutation UpdateDiscount($id: ID!, $input: DiscountInput!) {\n    updateDiscount(id: $id, input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n": types.UpdateDiscountDocument,
    "\n  mutation DisableDiscount($id: ID!) {\n    disableDiscount(id: $id) {\n      ...AdminDiscountFields\n    }\n  }\n": types.DisableDiscountDocument,
    "\n  fragment GalleryFields on Product {\n    id\n    img\n    images {\n      id\n      url\n      alt\n      position\n    }\n  }\n": types.GalleryFieldsFragmentDoc,
    "\n  mutation AddProductImage($productId: ID!, $input: ProductImageInput!) {\n    addProductImage(productId: $productId, input: $input) {\n      ...GalleryFields\n    }\n  }\n": types.AddProductImageDocument,
    "\n  mutation SetProductImageAlt($id: ID!, $alt: String!) {\n    setProductImageAlt(id: $id, alt: $alt) {\n      ...GalleryFields\n    }\n  }\n": types.SetProductImageAltDocument,
    "\n  mutation RemoveProductImage($id: ID!) {\n    removeProductImage(id: $id) {\n      ...GalleryFields\n    }\n  }\n": types.RemoveProductImageDocument,
    "\n  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {\n    reorderProductImages(productId: $productId, imageIds: $imageIds) {\n      ...GalleryFields\n    }\n  }\n": types.ReorderProductImagesDocument,
    "\n  fragment AdminGiftCardFields on GiftCard {\n    id\n    lastFour\n    balance {\n      amount\n      currency\n      formatted\n    }\n    initialAmount {\n      amount\n      currency\n      formatted\n    }\n    recipientEmail\n    disabled\n    expiresAt\n    createdAt\n    orderId\n  }\n": types.AdminGiftCardFieldsFragmentDoc,
    "\n  query AdminGiftCards {\n    giftCards {\n      ...AdminGiftCardFields\n    }\n  }\n": types.AdminGiftCardsDocument,
    "\n  query GiftCardLedger($id: ID!) {\n    giftCard(id: $id) {\n      id\n      ledger {\n        id\n        kind\n        amount {\n          amount\n          currency\n          formatted\n        }\n        reason\n        createdBy\n        orderId\n        createdAt\n      }\n    }\n  }\n": types.GiftCardLedgerDocument,
    "\n  mutation IssueGiftCard($input: IssueGiftCardInput!) {\n    issueGiftCard(input: $input) {\n      ...AdminGiftCardFields\n      code\n    }\n  }\n": types.IssueGiftCardDocument,
    "\n  mutation AdjustGiftCard($id: ID!, $input: GiftCardAdjustmentInput!) {\n    adjustGiftCard(id: $id, input: $input) {\n      ...AdminGiftCardFields\n    }\n  }\n": types.AdjustGiftCardDocument,
    "\n  mutation DisableGiftCard($id: ID!) {\n    disableGiftCard(id: $id) {\n      ...AdminGiftCardFields\n    }\n  }\n": types.DisableGiftCardDocument,
    "\n  query AdminMessages($options: MessageListOptions) {\n    messages(options: $options) {\n      totalItems\n      items {\n        id\n        kind\n        status\n        name\n        email\n        message\n        productName\n        createdAt\n      }\n    }\n  }\n": types.AdminMessagesDocument,
    "\n  fragment MessageFields on Message {\n    id\n    kind\n    status\n    name\n    email\n    message\n    productId\n    productName\n    budget {\n      formatted\n    }\n    photos\n    quoteOrderId\n    createdAt\n    replies {\n      id\n      text\n      repliedBy\n      createdAt\n    }\n  }\n": types.MessageFieldsFragmentDoc,
    "\n  query AdminMessage($id: ID!) {\n    message(id: $id) {\n      ...MessageFields\n    }\n  }\n": types.AdminMessageDocument,
    "\n  mutation ReplyToMessage($id: ID!, $text: String!) {\n    replyToMessage(id: $id, text: $text) {\n      ...MessageFields\n    }\n  }\n": types.ReplyToMessageDocument,
    "\n  mutation ArchiveMessage($id: ID!, $archived: Boolean) {\n    archiveMessage(id: $id, archived: $archived) {\n      id\n      status\n    }\n  }\n": types.ArchiveMessageDocument,
    "\n  query QuoteProducts {\n    products(options: { take: 100, sortBy: name }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.QuoteProductsDocument,
    "\n  mutation QuoteFromMessage($messageId: ID!, $input: QuoteFromMessageInput!) {\n    quoteFromMessage(messageId: $messageId, input: $input) {\n      ...MessageFields\n    }\n  }\n": types.QuoteFromMessageDocument,
    "\n  fragment ProductAgeFields on Product {\n    ageRestricted\n    minimumAge\n  }\n": types.ProductAgeFieldsFragmentDoc,
    "\n  query AdminOrders($options: OrderListOptions) {\n    orders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n        ageRestricted\n        deliveryHandover\n      }\n    }\n  }\n": types.AdminOrdersDocument,
    "\n  mutation MarkShipped($id: ID!, $tracking: ShipmentTrackingInput) {\n    markShipped(id: $id, tracking: $tracking) {\n      id\n      status\n      state\n      trackingCarrier\n      trackingNumber\n      ageVerifiedDelivery\n    }\n  }\n": types.MarkShippedDocument,
    "\n  mutation AdjustOrderPrice($orderId: ID!, $input: PriceAdjustmentInput!) {\n    adjustOrderPrice(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n": types.AdjustOrderPriceDocument,
    "\n  query OrderHistory($id: ID!) {\n    orderHistory(id: $id) {\n      id\n      fromState\n      toState\n      actor\n      actorEmail\n      note\n      createdAt\n    }\n  }\n": types.OrderHistoryDocument,
    "\n  query AgeChecks($orderId: ID!) {\n    ageChecks(orderId: $orderId) {\n      id\n      kind\n      createdAt\n      method\n      status\n      ageBracket\n      providerReference\n      country\n      minimumAge\n      handover\n      ageVerifiedDelivery\n      note\n    }\n  }\n": types.AgeChecksDocument,
    "\n  query AdminProducts($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductFields\n        ...ProductEngravingFields\n        ...ProductAgeFields\n        ...GalleryFields\n        createdAt\n      }\n    }\n  }\n": types.AdminProductsDocument,
    "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductAgeFields\n    taxCategory\n    kind\n    giftCardMinAmount\n    giftCardMaxAmount\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    madeToOrderCap\n    weightGrams\n  }\n": types.AdminProductFieldsFragmentDoc,
    "\n  query AdminProduct($id: ID!) {\n    product(id: $id) {\n      ...AdminProductFields\n      slug\n    }\n  }\n": types.AdminProductDocument,
    "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      ...AdminProductFields\n      createdAt\n    }\n  }\n": types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      ...AdminProductFields\n      slug\n    }\n  }\n": types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": types.DeleteProductDocument,
    "\n  query AdminUsers($options: UserListOptions) {\n    users(options: $options) {\n      totalItems\n      items {\n        ...UserFields\n        createdAt\n        activeApiKeyCount\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": types.MakeAdminDocument,
    "\n  mutation RemoveAdmin($email: String!) {\n    removeAdmin(email: $email) {\n      id\n      role\n      activeApiKeyCount\n    }\n  }\n": types.RemoveAdminDocument,
    "\n  query Overview {\n    overview {\n      days {\n        day\n        sales {\n          ...MoneyFields\n        }\n        orders\n      }\n      paidOrders\n      unpaidOrders\n      lowStockVariants {\n        variantId\n        name\n        variantName\n        sku\n        quantity\n        minimumQuantity\n      }\n      unitsByProduct {\n        productId\n        name\n        units\n      }\n      unitsByVariant {\n        variantId\n        name\n        variantName\n        sku\n        units\n      }\n    }\n  }\n": types.OverviewDocument,
    "\n  query CustomerData($userId: ID!, $reason: String!) {\n    customerData(userId: $userId, reason: $reason)\n  }\n": types.CustomerDataDocument,
    "\n  mutation EraseCustomer($userId: ID!, $input: EraseCustomerInput!) {\n    eraseCustomer(userId: $userId, input: $input) {\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        why\n      }\n    }\n  }\n": types.EraseCustomerDocument,
    "\n  mutation MarkDelivered($id: ID!) {\n    markDelivered(id: $id) {\n      id\n      status\n      state\n      deliveredAt\n    }\n  }\n": types.MarkDeliveredDocument,
    "\n  query AdminOrderProofs($id: ID!) {\n    order(id: $id) {\n      id\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n": types.AdminOrderProofsDocument,
    "\n  mutation SendOrderProof($input: SendOrderProofInput!) {\n    sendOrderProof(input: $input) {\n      ...OrderProofState\n    }\n  }\n": types.SendOrderProofDocument,
    "\n  query AdminReturns($options: ReturnListOptions) {\n    returns(options: $options) {\n      ...ReturnFields\n    }\n  }\n": types.AdminReturnsDocument,
    "\n  mutation ApproveReturn($id: ID!) {\n    approveReturn(id: $id) {\n      ...ReturnFields\n    }\n  }\n": types.ApproveReturnDocument,
    "\n  mutation DeclineReturn($id: ID!, $reason: String!) {\n    declineReturn(id: $id, reason: $reason) {\n      ...ReturnFields\n    }\n  }\n": types.DeclineReturnDocument,
    "\n  mutation ReceiveReturn($id: ID!, $lines: [ReceivedLineInput!]!) {\n    receiveReturn(id: $id, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n": types.ReceiveReturnDocument,
    "\n  mutation RefundReturn($id: ID!, $delivery: Boolean) {\n    refundReturn(id: $id, delivery: $delivery) {\n      ...ReturnFields\n    }\n  }\n": types.RefundReturnDocument,
    "\n  fragment ShippingMethodFields on ShippingMethod {\n    id\n    zoneId\n    name\n    price {\n      ...MoneyFields\n    }\n    freeOver {\n      ...MoneyFields\n    }\n    minDays\n    maxDays\n    enabled\n    weightBands {\n      upToGrams\n      price {\n        ...MoneyFields\n      }\n    }\n  }\n": types.ShippingMethodFieldsFragmentDoc,
    "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    name\n    countries\n    regions {\n      country\n      region\n      name\n    }\n    methods {\n      ...ShippingMethodFields\n    }\n    taxRates {\n      ...TaxRateFields\n    }\n  }\n": types.ShippingZoneFieldsFragmentDoc,
    "\n  fragment TaxRateFields on TaxRate {\n    category\n    ratePercent\n    country\n    region\n    regionName\n    taxShipping\n  }\n": types.TaxRateFieldsFragmentDoc,
    "\n  query ShippingZones {\n    shippingZones {\n      ...ShippingZoneFields\n    }\n  }\n": types.ShippingZonesDocument,
    "\n  mutation CreateShippingZone($input: ShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n": types.CreateShippingZoneDocument,
    "\n  mutation UpdateShippingZone($id: ID!, $input: ShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n": types.UpdateShippingZoneDocument,
    "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id)\n  }\n": types.DeleteShippingZoneDocument,
    "\n  mutation CreateShippingMethod($input: ShippingMethodInput!) {\n    createShippingMethod(input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n": types.CreateShippingMethodDocument,
    "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n": types.UpdateShippingMethodDocument,
    "\n  mutation SetTaxRate($input: TaxRateInput!) {\n    setTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n": types.SetTaxRateDocument,
    "\n  mutation RemoveTaxRate($input: TaxRateKeyInput!) {\n    removeTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n": types.RemoveTaxRateDocument,
    "\n  query TaxProviderStatus {\n    taxProviderStatus {\n      provider\n      lastCalculationAt\n      lastError\n    }\n  }\n": types.TaxProviderStatusDocument,
    "\n  fragment ProductVariantsFields on Product {\n    id\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    ...ProductChoiceFields\n    variants {\n      productId\n      sku\n      options {\n        name\n        custom\n      }\n      ownImg\n      weightGrams\n      ownWeightGrams\n    }\n  }\n": types.ProductVariantsFieldsFragmentDoc,
    "\n  query ProductVariants($id: ID!) {\n    product(id: $id) {\n      name\n      img\n      ...ProductVariantsFields\n    }\n  }\n": types.ProductVariantsDocument,
    "\n  mutation SetProductOptions($productId: ID!, $groups: [ProductOptionGroupInput!]!) {\n    setProductOptions(productId: $productId, groups: $groups) {\n      ...ProductVariantsFields\n    }\n  }\n": types.SetProductOptionsDocument,
    "\n  mutation UpdateProductVariant($id: ID!, $input: ProductVariantInput!) {\n    updateProductVariant(id: $id, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n": types.UpdateProductVariantDocument,
    "\n  mutation UpdateProductVariants($ids: [ID!]!, $input: ProductVariantInput!) {\n    updateProductVariants(ids: $ids, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n": types.UpdateProductVariantsDocument,
    "\n  mutation DeleteProductVariant($id: ID!) {\n    deleteProductVariant(id: $id) {\n      ...ProductVariantsFields\n    }\n  }\n": types.DeleteProductVariantDocument,
    "\n  fragment WorkshopSettingsFields on WorkshopSettings {\n    handlingDays\n    capacityPerWeek\n    queuedUnits\n    closedDates {\n      date\n      note\n    }\n  }\n": types.WorkshopSettingsFieldsFragmentDoc,
    "\n  query Workshop {\n    workshopSettings {\n      ...WorkshopSettingsFields\n    }\n    workshopQueue {\n      lineId\n      orderId\n      productName\n      variantName\n      queuedQuantity\n      engravingText\n      engravingFont\n      engravingPlacement\n      customValue\n      customerName\n      overdue\n      shipBy {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": types.WorkshopDocument,
    "\n  mutation UpdateWorkshopSettings($input: WorkshopSettingsInputType!) {\n    updateWorkshopSettings(input: $input) {\n      ...WorkshopSettingsFields\n    }\n  }\n": types.UpdateWorkshopSettingsDocument,
    "\n  mutation CloseWorkshopDate($date: String!, $note: String) {\n    closeWorkshopDate(date: $date, note: $note) {\n      ...WorkshopSettingsFields\n    }\n  }\n": types.CloseWorkshopDateDocument,
    "\n  mutation ReopenWorkshopDate($date: String!) {\n    reopenWorkshopDate(date: $date) {\n      ...WorkshopSettingsFields\n    }\n  }\n": types.ReopenWorkshopDateDocument,
    "\n  mutation SetOrderShipBy($orderId: ID!, $latest: String!) {\n    setOrderShipBy(orderId: $orderId, latest: $latest) {\n      id\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      late\n    }\n  }\n": types.SetOrderShipByDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...UserFields\n    }\n  }\n": types.RegisterDocument,
    "\n  query CartProduct($id: ID!) {\n    product(id: $id) {\n      ...OrderableProductFields\n    }\n  }\n": types.CartProductDocument,
    "\n  query CheckoutPage {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n  }\n": types.CheckoutPageDocument,
    "\n  mutation PlaceCartOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      guestToken\n    }\n  }\n": types.PlaceCartOrderDocument,
    "\n  query CollectionChoices {\n    collections {\n      id\n      name\n      slug\n    }\n  }\n": types.CollectionChoicesDocument,
    "\n  query CollectionPage($slug: String!) {\n    collection(slug: $slug) {\n      id\n      name\n      slug\n      description\n      products {\n        ...ProductCardFields\n      }\n    }\n  }\n": types.CollectionPageDocument,
    "\n  fragment ProductEngravingFields on Product {\n    engravable\n    engravingMaxLength\n    proofRequired\n    engravingPlacements\n    engravingSurcharge {\n      ...MoneyFields\n    }\n  }\n": types.ProductEngravingFieldsFragmentDoc,
    "\n  query EngravingSheet($id: ID!) {\n    order(id: $id) {\n      ...OrderFields\n      ageRestricted\n      parcelNotice\n      lines {\n        id\n        proofRequired\n        proofApproved\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": types.EngravingSheetDocument,
    "\n  query GiftSlip($id: ID!) {\n    order(id: $id) {\n      id\n      createdAt\n      giftMessage\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n": types.GiftSlipDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    prefix\n    scopes\n    createdAt\n    createdBy\n    lastUsedAt\n    revokedAt\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    enabled\n    failingSince\n    consecutiveFailures\n    createdBy\n    createdAt\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      events\n      url\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation ResumeWebhookEndpoint($id: ID!) {\n    resumeWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.ResumeWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      id\n      status\n      statusCode\n      error\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    status\n    attempts\n    statusCode\n    durationMs\n    error\n    nextRetryAt\n    deliveredAt\n    createdAt\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookDeliveries($endpointId: ID!) {\n    webhookDeliveries(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.ResendWebhookDeliveryDocument,
    "\n  mutation ClaimGuestOrders {\n    claimGuestOrders\n  }\n": types.ClaimGuestOrdersDocument,
    "\n  query PackingSlip($id: ID!) {\n    order(id: $id) {\n      id\n      userName\n      address\n      phone\n      createdAt\n      ageRestricted\n      parcelNotice\n      shippingMethodName\n      shippingAddress {\n        ...ShippingAddressFields\n      }\n      lines {\n        id\n        name\n        variantName\n        sku\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n": types.PackingSlipDocument,
    "\n  query PaymentPage($id: ID!, $token: String) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id, token: $token) {\n      id\n      name\n      ...OrderDeliveryFields\n      paid\n      state\n      transactionId\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      engraving {\n        text\n        font\n      }\n      lines {\n        ...OrderLineSummary\n      }\n    }\n  }\n": types.PaymentPageDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String, $token: String) {\n    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey, token: $token) {\n      id\n      clientSecret\n    }\n  }\n": types.CreatePaymentIntentDocument,
    "\n  fragment PaidOrderFields on Order {\n    id\n    paid\n    state\n    status\n    transactionId\n  }\n": types.PaidOrderFieldsFragmentDoc,
    "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!, $token: String) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": types.ConfirmPaymentDocument,
    "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!, $token: String) {\n    confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": types.ConfirmTestCardPaymentDocument,
    "\n  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!, $token: String) {\n    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n": types.CompleteTestPaymentAuthenticationDocument,
    "\n  query PaymentReturn($id: ID!) {\n    order(id: $id) {\n      id\n      name\n      ...PaidOrderFields\n    }\n  }\n": types.PaymentReturnDocument,
    "\n  mutation PaymentStatus($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      status\n    }\n  }\n": types.PaymentStatusDocument,
    "\n  query GuestOrder($id: ID!, $token: String!) {\n    order(id: $id, token: $token) {\n      ...OrderFields\n      ...OrderDocumentsFields\n      guestToken\n    }\n  }\n": types.GuestOrderDocument,
    "\n  mutation CancelGuestOrder($id: ID!, $token: String!) {\n    cancelOrder(id: $id, token: $token) {\n      id\n      state\n      status\n      paid\n    }\n  }\n": types.CancelGuestOrderDocument,
    "\n  query ProductPage($slug: String!) {\n    product(slug: $slug) {\n      ...ProductFields\n      ...LeadTimeFields\n      slug\n      kind\n      ...ProductEngravingFields\n      ...ProductChoiceFields\n      rating {\n        average\n        count\n      }\n      images {\n        id\n        url\n        alt\n        srcset\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": types.ProductPageDocument,
    "\n  mutation DeleteAddress($id: ID!) {\n    deleteAddress(id: $id)\n  }\n": types.DeleteAddressDocument,
    "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      ...SavedAddress\n    }\n  }\n": types.SetDefaultAddressDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation SetOrderEmails($on: Boolean!) {\n    setOrderEmails(on: $on) {\n      id\n      orderEmails\n    }\n  }\n": types.SetOrderEmailsDocument,
    "\n  query MyData {\n    myData\n  }\n": types.MyDataDocument,
    "\n  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {\n    deleteMyAccount(input: $input) {\n      erasedAt\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        count\n        why\n      }\n    }\n  }\n": types.DeleteMyAccountDocument,
    "\n  query OrderProofs($id: ID!, $token: String) {\n    order(id: $id, token: $token) {\n      id\n      name\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n": types.OrderProofsDocument,
    "\n  mutation ApproveOrderProof($orderId: ID!, $proofId: ID!, $token: String) {\n    approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) {\n      ...OrderProofState\n    }\n  }\n": types.ApproveOrderProofDocument,
    "\n  mutation RequestOrderProofChanges($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) {\n    requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) {\n      ...OrderProofState\n    }\n  }\n": types.RequestOrderProofChangesDocument,
    "\n  mutation CorrectOrderEngraving($orderId: ID!, $lineId: ID!, $text: String!, $token: String) {\n    correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) {\n      ...OrderProofState\n    }\n  }\n": types.CorrectOrderEngravingDocument,
    "\n  query PurchasePage($id: ID!) {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n    product(id: $id) {\n      ...OrderableProductFields\n      kind\n      giftCardMinAmount\n      giftCardMaxAmount\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n": types.PurchasePageDocument,
    "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      product {\n        id\n        quantity\n      }\n    }\n  }\n": types.PlaceOrderDocument,
    "\n  mutation RemoveReview($id: ID!) {\n    removeReview(id: $id)\n  }\n": types.RemoveReviewDocument,
    "\n  fragment AddressLinesFields on AddressLines {\n    name\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    phone\n  }\n": types.AddressLinesFieldsFragmentDoc,
    "\n  fragment SavedAddress on Address {\n    id\n    ...AddressLinesFields\n    isDefault\n    createdAt\n  }\n": types.SavedAddressFragmentDoc,
    "\n  query MyAddresses {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n": types.MyAddressesDocument,
    "\n  mutation SaveAddress($input: AddressInput!) {\n    saveAddress(input: $input) {\n      ...SavedAddress\n    }\n  }\n": types.SaveAddressDocument,
    "\n  fragment AgeVerificationFields on AgeVerification {\n    id\n    status\n    method\n    checkedAt\n    ageBracket\n    validUntil\n  }\n": types.AgeVerificationFieldsFragmentDoc,
    "\n  fragment AgeCheckCustomer on User {\n    id\n    name\n    ageVerification {\n      ...AgeVerificationFields\n    }\n  }\n": types.AgeCheckCustomerFragmentDoc,
    "\n  mutation VerifyAge($input: VerifyAgeInput!, $guestEmail: String) {\n    verifyAge(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n": types.VerifyAgeDocument,
    "\n  mutation SubmitAgeDocument($input: AgeDocumentInput!, $guestEmail: String) {\n    submitAgeDocument(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n": types.SubmitAgeDocumentDocument,
    "\n  fragment DeliveryChoices on Query {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n": types.DeliveryChoicesFragmentDoc,
    "\n  query OrderQuote($input: ShippingOptionsInput!) {\n    orderQuote(input: $input) {\n      options {\n        id\n        name\n        minDays\n        maxDays\n        price {\n          ...MoneyFields\n        }\n        totals {\n          ...OrderTotalsFields\n        }\n        giftCardPayments {\n          ...GiftCardShareFields\n        }\n      }\n      notOffered\n      totals {\n        ...OrderTotalsFields\n      }\n      giftCardPayments {\n        ...GiftCardShareFields\n      }\n    }\n  }\n": types.OrderQuoteDocument,
    "\n  fragment GiftCardShareFields on OrderGiftCardPayment {\n    lastFour\n    amount {\n      ...MoneyFields\n    }\n  }\n": types.GiftCardShareFieldsFragmentDoc,
    "\n  query GiftCardBalance($code: String!) {\n    giftCardBalance(code: $code) {\n      lastFour\n      balance {\n        amount\n        currency\n        formatted\n      }\n      expiresAt\n    }\n  }\n": types.GiftCardBalanceDocument,
    "\n  query EmailVerified {\n    me {\n      id\n      emailVerified\n    }\n  }\n": types.EmailVerifiedDocument,
    "\n  fragment UserFields on User {\n    id\n    name\n    email\n    phone\n    address\n    img\n    role\n    orderEmails\n  }\n": types.UserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input)\n  }\n": types.SendMessageDocument,
    "\n  query MessageKnives {\n    products(options: { take: 100 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.MessageKnivesDocument,
    "\n  fragment OrderTotalsFields on OrderTotals {\n    subtotal {\n      amount\n      currency\n      formatted\n    }\n    adjustments {\n      amount\n      currency\n      formatted\n    }\n    discount {\n      amount\n      currency\n      formatted\n    }\n    shipping {\n      amount\n      currency\n      formatted\n    }\n    tax {\n      amount\n      currency\n      formatted\n    }\n    total {\n      amount\n      currency\n      formatted\n    }\n    giftCards {\n      amount\n      currency\n      formatted\n    }\n    amountDue {\n      amount\n      currency\n      formatted\n    }\n  }\n": types.OrderTotalsFieldsFragmentDoc,
    "\n  fragment OrderAdjustmentLabel on OrderAdjustment {\n    id\n    source\n    label\n  }\n": types.OrderAdjustmentLabelFragmentDoc,
    "\n  fragment ShippingAddressFields on PostalAddress {\n    ...AddressLinesFields\n  }\n": types.ShippingAddressFieldsFragmentDoc,
    "\n  fragment OrderDeliveryFields on Order {\n    totals {\n      ...OrderTotalsFields\n    }\n    adjustments {\n      ...OrderAdjustmentLabel\n    }\n    shippingMethodName\n    shippingAddress {\n      ...ShippingAddressFields\n    }\n    giftCardPayments {\n      lastFour\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n    giftCardsIssued {\n      lastFour\n      recipientEmail\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n  }\n": types.OrderDeliveryFieldsFragmentDoc,
    "\n  fragment OrderLineSummary on OrderLine {\n    id\n    name\n    variantName\n    quantity\n    lineAmount {\n      ...MoneyFields\n    }\n    discount {\n      ...MoneyFields\n    }\n    engraving {\n      text\n      font\n      placement\n    }\n  }\n": types.OrderLineSummaryFragmentDoc,
    "\n  fragment ReturnFields on ReturnRequest {\n    id\n    orderId\n    rmaNumber\n    state\n    reason\n    details\n    declineReason\n    photos\n    createdAt\n    lines {\n      id\n      orderLineId\n      name\n      quantity\n      receivedQuantity\n      restock\n    }\n  }\n": types.ReturnFieldsFragmentDoc,
    "\n  fragment OrderFields on Order {\n    id\n    guest\n    userName\n    name\n    email\n    description\n    img\n    quantity\n    currency\n    ...OrderDeliveryFields\n    status\n    paid\n    state\n    deliveredAt\n    transactionId\n    trackingCarrier\n    trackingNumber\n    createdAt\n    returns {\n      ...ReturnFields\n    }\n    giftMessage\n    workshopNote\n    shipBy {\n      earliest\n      latest\n      text\n    }\n    late\n    ...OrderDocumentsFields\n    engraving {\n      text\n      font\n      placement\n    }\n    lines {\n      ...OrderLineSummary\n      refundedQuantity\n      sku\n      img\n      unitAmount {\n        ...MoneyFields\n      }\n      engraving {\n        unitAmount {\n          ...MoneyFields\n        }\n      }\n      product {\n        id\n        quantity\n      }\n    }\n  }\n": types.OrderFieldsFragmentDoc,
    "\n  fragment OrderingCustomer on User {\n    id\n    name\n    email\n    phone\n    ...AgeCheckCustomer\n  }\n": types.OrderingCustomerFragmentDoc,
    "\n  query MyOrders($options: OrderListOptions) {\n    myOrders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n      }\n    }\n  }\n": types.MyOrdersDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      state\n      status\n      paid\n      product {\n        id\n        quantity\n      }\n      lines {\n        id\n        product {\n          id\n          quantity\n        }\n      }\n    }\n  }\n": types.CancelOrderDocument,
    "\n  fragment MoneyFields on Money {\n    amount\n    currency\n    formatted\n  }\n": types.MoneyFieldsFragmentDoc,
    "\n  fragment LeadTimeFields on Product {\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": types.LeadTimeFieldsFragmentDoc,
    "\n  fragment VariantLeadTimeFields on ProductVariant {\n    leadTimeMode\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n": types.VariantLeadTimeFieldsFragmentDoc,
    "\n  fragment ProductFields on Product {\n    id\n    name\n    img\n    description\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    minimumQuantity\n  }\n": types.ProductFieldsFragmentDoc,
    "\n  fragment ProductChoiceFields on Product {\n    optionGroups {\n      id\n      name\n      values {\n        id\n        groupId\n        name\n        custom\n      }\n      custom {\n        label\n        min\n        max\n        unit\n        surchargeAmount {\n          amount\n          currency\n          formatted\n        }\n      }\n    }\n    variants {\n      id\n      name\n      options {\n        id\n        groupId\n      }\n      unitPrice {\n        amount\n        currency\n        formatted\n      }\n      quantity\n      img\n      enabled\n      ...VariantLeadTimeFields\n    }\n  }\n": types.ProductChoiceFieldsFragmentDoc,
    "\n  fragment OrderableProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductChoiceFields\n    ageRestricted\n    minimumAge\n    ...LeadTimeFields\n  }\n": types.OrderableProductFieldsFragmentDoc,
    "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    ...LeadTimeFields\n    slug\n    kind\n    variants {\n      id\n      unitPrice {\n        ...MoneyFields\n      }\n      enabled\n    }\n  }\n": types.ProductCardFieldsFragmentDoc,
    "\n  query Products($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductCardFields\n      }\n    }\n  }\n": types.ProductsDocument,
    "\n  query ProductChoices($id: ID!) {\n    product(id: $id) {\n      id\n      ...ProductChoiceFields\n    }\n  }\n": types.ProductChoicesDocument,
    "\n  fragment ProofFields on OrderProof {\n    id\n    lineId\n    version\n    imageUrls\n    note\n    engravingText\n    engravingFont\n    status\n    comment\n    sentAt\n    answeredAt\n    answeredBy\n  }\n": types.ProofFieldsFragmentDoc,
    "\n  fragment OrderProofState on Order {\n    id\n    state\n    status\n    proofRoundsLeft\n    lines {\n      id\n      proofRequired\n      proofApproved\n      engraving {\n        text\n        font\n        placement\n      }\n    }\n    proofs {\n      ...ProofFields\n    }\n  }\n": types.OrderProofStateFragmentDoc,
    "\n  query ReturnPolicy {\n    returnPolicy {\n      returnDays\n      policy\n    }\n  }\n": types.ReturnPolicyDocument,
    "\n  mutation RequestReturn($input: RequestReturnInput!, $token: String) {\n    requestReturn(input: $input, token: $token) {\n      ...ReturnFields\n    }\n  }\n": types.RequestReturnDocument,
    "\n  fragment ReviewFields on Review {\n    id\n    userName\n    name\n    description\n    img\n    star\n    verifiedBuyer\n    createdAt\n  }\n": types.ReviewFieldsFragmentDoc,
    "\n  query Reviews($options: ReviewListOptions) {\n    reviews(options: $options) {\n      totalItems\n      items {\n        ...ReviewFields\n      }\n    }\n  }\n": types.ReviewsDocument,
    "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      ...ReviewFields\n      productId\n      product {\n        id\n        rating {\n          average\n          count\n        }\n      }\n    }\n  }\n": types.AddReviewDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderDocumentsFields on Order {\n    id\n    invoiceNumber\n    invoiceUrl\n    vatNumber\n    vatReverseCharge\n    totals {\n      refunded {\n        ...MoneyFields\n      }\n    }\n    refunds {\n      id\n      creditNoteNumber\n      creditNoteUrl\n      createdAt\n      reason\n      amount {\n        ...MoneyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OrderDocumentsFields on Order {\n    id\n    invoiceNumber\n    invoiceUrl\n    vatNumber\n    vatReverseCharge\n    totals {\n      refunded {\n        ...MoneyFields\n      }\n    }\n    refunds {\n      id\n      creditNoteNumber\n      creditNoteUrl\n      createdAt\n      reason\n      amount {\n        ...MoneyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FailedJobFields on FailedJob {\n    id\n    queue\n    state\n    attempts\n    lastError\n    createdAt\n    failedAt\n  }\n"): (typeof documents)["\n  fragment FailedJobFields on FailedJob {\n    id\n    queue\n    state\n    attempts\n    lastError\n    createdAt\n    failedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedJobs {\n    failedJobs {\n      ...FailedJobFields\n    }\n  }\n"): (typeof documents)["\n  query FailedJobs {\n    failedJobs {\n      ...FailedJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScheduledJobs {\n    scheduledJobs {\n      name\n      periodSeconds\n      lastSuccessAt\n      lastFailureAt\n      lastError\n      consecutiveFailures\n      nextRunAt\n    }\n  }\n"): (typeof documents)["\n  query ScheduledJobs {\n    scheduledJobs {\n      name\n      periodSeconds\n      lastSuccessAt\n      lastFailureAt\n      lastError\n      consecutiveFailures\n      nextRunAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryJob($id: ID!) {\n    retryJob(id: $id) {\n      ...FailedJobFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetryJob($id: ID!) {\n    retryJob(id: $id) {\n      ...FailedJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundOrder($orderId: ID!, $input: RefundInput!) {\n    refundOrder(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation RefundOrder($orderId: ID!, $input: RefundInput!) {\n    refundOrder(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BladeRuleFields on BladeRule {\n    country\n    minimumAge\n    allowed\n    handover\n    updatedAt\n    updatedBy\n  }\n"): (typeof documents)["\n  fragment BladeRuleFields on BladeRule {\n    country\n    minimumAge\n    allowed\n    handover\n    updatedAt\n    updatedBy\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BladeRules {\n    bladeRules {\n      ...BladeRuleFields\n    }\n    shippingCountries\n  }\n"): (typeof documents)["\n  query BladeRules {\n    bladeRules {\n      ...BladeRuleFields\n    }\n    shippingCountries\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBladeRule($input: BladeRuleInput!) {\n    setBladeRule(input: $input) {\n      ...BladeRuleFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetBladeRule($input: BladeRuleInput!) {\n    setBladeRule(input: $input) {\n      ...BladeRuleFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBladeRule($country: String!) {\n    deleteBladeRule(country: $country)\n  }\n"): (typeof documents)["\n  mutation DeleteBladeRule($country: String!) {\n    deleteBladeRule(country: $country)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCollectionFields on Collection {\n    id\n    name\n    slug\n    description\n    image\n    position\n    products {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment AdminCollectionFields on Collection {\n    id\n    name\n    slug\n    description\n    image\n    position\n    products {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCollections {\n    collections {\n      ...AdminCollectionFields\n    }\n  }\n"): (typeof documents)["\n  query AdminCollections {\n    collections {\n      ...AdminCollectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCollection($id: ID!, $input: CollectionInput!) {\n    updateCollection(id: $id, input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCollection($id: ID!, $input: CollectionInput!) {\n    updateCollection(id: $id, input: $input) {\n      ...AdminCollectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCollection($id: ID!) {\n    deleteCollection(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCollection($id: ID!) {\n    deleteCollection(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCollectionProducts($id: ID!, $productIds: [ID!]!) {\n    setCollectionProducts(id: $id, productIds: $productIds) {\n      ...AdminCollectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetCollectionProducts($id: ID!, $productIds: [ID!]!) {\n    setCollectionProducts(id: $id, productIds: $productIds) {\n      ...AdminCollectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderCollections($ids: [ID!]!) {\n    reorderCollections(ids: $ids) {\n      id\n      position\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderCollections($ids: [ID!]!) {\n    reorderCollections(ids: $ids) {\n      id\n      position\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShelfProductChoices($search: String) {\n    products(options: { search: $search, sortBy: name, sortDirection: ASC, skip: 0, take: 50 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShelfProductChoices($search: String) {\n    products(options: { search: $search, sortBy: name, sortDirection: ASC, skip: 0, take: 50 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminDiscountFields on Discount {\n    id\n    code\n    kind\n    value\n    appliesTo\n    productIds\n    collectionIds\n    minimumSubtotal {\n      amount\n      formatted\n    }\n    startsAt\n    endsAt\n    usageLimit\n    oncePerCustomer\n    enabled\n    timesUsed\n  }\n"): (typeof documents)["\n  fragment AdminDiscountFields on Discount {\n    id\n    code\n    kind\n    value\n    appliesTo\n    productIds\n    collectionIds\n    minimumSubtotal {\n      amount\n      formatted\n    }\n    startsAt\n    endsAt\n    usageLimit\n    oncePerCustomer\n    enabled\n    timesUsed\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDiscounts {\n    discounts {\n      ...AdminDiscountFields\n    }\n  }\n"): (typeof documents)["\n  query AdminDiscounts {\n    discounts {\n      ...AdminDiscountFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DiscountTargets {\n    products(options: { take: 100, sortBy: name }) {\n      items {\n        id\n        name\n      }\n    }\n    collections {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query DiscountTargets {\n    products(options: { take: 100, sortBy: name }) {\n      items {\n        id\n        name\n      }\n    }\n    collections {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDiscount($input: DiscountInput!) {\n    createDiscount(input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDiscount($input: DiscountInput!) {\n    createDiscount(input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDiscount($id: ID!, $input: DiscountInput!) {\n    updateDiscount(id: $id, input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDiscount($id: ID!, $input: DiscountInput!) {\n    updateDiscount(id: $id, input: $input) {\n      ...AdminDiscountFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableDiscount($id: ID!) {\n    disableDiscount(id: $id) {\n      ...AdminDiscountFields\n    }\n  }\n"): (typeof documents)["\n  mutation DisableDiscount($id: ID!) {\n    disableDiscount(id: $id) {\n      ...AdminDiscountFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GalleryFields on Product {\n    id\n    img\n    images {\n      id\n      url\n      alt\n      position\n    }\n  }\n"): (typeof documents)["\n  fragment GalleryFields on Product {\n    id\n    img\n    images {\n      id\n      url\n      alt\n      position\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddProductImage($productId: ID!, $input: ProductImageInput!) {\n    addProductImage(productId: $productId, input: $input) {\n      ...GalleryFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddProductImage($productId: ID!, $input: ProductImageInput!) {\n    addProductImage(productId: $productId, input: $input) {\n      ...GalleryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetProductImageAlt($id: ID!, $alt: String!) {\n    setProductImageAlt(id: $id, alt: $alt) {\n      ...GalleryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetProductImageAlt($id: ID!, $alt: String!) {\n    setProductImageAlt(id: $id, alt: $alt) {\n      ...GalleryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProductImage($id: ID!) {\n    removeProductImage(id: $id) {\n      ...GalleryFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveProductImage($id: ID!) {\n    removeProductImage(id: $id) {\n      ...GalleryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {\n    reorderProductImages(productId: $productId, imageIds: $imageIds) {\n      ...GalleryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {\n    reorderProductImages(productId: $productId, imageIds: $imageIds) {\n      ...GalleryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminGiftCardFields on GiftCard {\n    id\n    lastFour\n    balance {\n      amount\n      currency\n      formatted\n    }\n    initialAmount {\n      amount\n      currency\n      formatted\n    }\n    recipientEmail\n    disabled\n    expiresAt\n    createdAt\n    orderId\n  }\n"): (typeof documents)["\n  fragment AdminGiftCardFields on GiftCard {\n    id\n    lastFour\n    balance {\n      amount\n      currency\n      formatted\n    }\n    initialAmount {\n      amount\n      currency\n      formatted\n    }\n    recipientEmail\n    disabled\n    expiresAt\n    createdAt\n    orderId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGiftCards {\n    giftCards {\n      ...AdminGiftCardFields\n    }\n  }\n"): (typeof documents)["\n  query AdminGiftCards {\n    giftCards {\n      ...AdminGiftCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GiftCardLedger($id: ID!) {\n    giftCard(id: $id) {\n      id\n      ledger {\n        id\n        kind\n        amount {\n          amount\n          currency\n          formatted\n        }\n        reason\n        createdBy\n        orderId\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query GiftCardLedger($id: ID!) {\n    giftCard(id: $id) {\n      id\n      ledger {\n        id\n        kind\n        amount {\n          amount\n          currency\n          formatted\n        }\n        reason\n        createdBy\n        orderId\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueGiftCard($input: IssueGiftCardInput!) {\n    issueGiftCard(input: $input) {\n      ...AdminGiftCardFields\n      code\n    }\n  }\n"): (typeof documents)["\n  mutation IssueGiftCard($input: IssueGiftCardInput!) {\n    issueGiftCard(input: $input) {\n      ...AdminGiftCardFields\n      code\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdjustGiftCard($id: ID!, $input: GiftCardAdjustmentInput!) {\n    adjustGiftCard(id: $id, input: $input) {\n      ...AdminGiftCardFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdjustGiftCard($id: ID!, $input: GiftCardAdjustmentInput!) {\n    adjustGiftCard(id: $id, input: $input) {\n      ...AdminGiftCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableGiftCard($id: ID!) {\n    disableGiftCard(id: $id) {\n      ...AdminGiftCardFields\n    }\n  }\n"): (typeof documents)["\n  mutation DisableGiftCard($id: ID!) {\n    disableGiftCard(id: $id) {\n      ...AdminGiftCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMessages($options: MessageListOptions) {\n    messages(options: $options) {\n      totalItems\n      items {\n        id\n        kind\n        status\n        name\n        email\n        message\n        productName\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminMessages($options: MessageListOptions) {\n    messages(options: $options) {\n      totalItems\n      items {\n        id\n        kind\n        status\n        name\n        email\n        message\n        productName\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageFields on Message {\n    id\n    kind\n    status\n    name\n    email\n    message\n    productId\n    productName\n    budget {\n      formatted\n    }\n    photos\n    quoteOrderId\n    createdAt\n    replies {\n      id\n      text\n      repliedBy\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment MessageFields on Message {\n    id\n    kind\n    status\n    name\n    email\n    message\n    productId\n    productName\n    budget {\n      formatted\n    }\n    photos\n    quoteOrderId\n    createdAt\n    replies {\n      id\n      text\n      repliedBy\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMessage($id: ID!) {\n    message(id: $id) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  query AdminMessage($id: ID!) {\n    message(id: $id) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplyToMessage($id: ID!, $text: String!) {\n    replyToMessage(id: $id, text: $text) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReplyToMessage($id: ID!, $text: String!) {\n    replyToMessage(id: $id, text: $text) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ArchiveMessage($id: ID!, $archived: Boolean) {\n    archiveMessage(id: $id, archived: $archived) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ArchiveMessage($id: ID!, $archived: Boolean) {\n    archiveMessage(id: $id, archived: $archived) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteProducts {\n    products(options: { take: 100, sortBy: name }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteProducts {\n    products(options: { take: 100, sortBy: name }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QuoteFromMessage($messageId: ID!, $input: QuoteFromMessageInput!) {\n    quoteFromMessage(messageId: $messageId, input: $input) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation QuoteFromMessage($messageId: ID!, $input: QuoteFromMessageInput!) {\n    quoteFromMessage(messageId: $messageId, input: $input) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductAgeFields on Product {\n    ageRestricted\n    minimumAge\n  }\n"): (typeof documents)["\n  fragment ProductAgeFields on Product {\n    ageRestricted\n    minimumAge\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrders($options: OrderListOptions) {\n    orders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n        ageRestricted\n        deliveryHandover\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrders($options: OrderListOptions) {\n    orders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n        ageRestricted\n        deliveryHandover\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkShipped($id: ID!, $tracking: ShipmentTrackingInput) {\n    markShipped(id: $id, tracking: $tracking) {\n      id\n      status\n      state\n      trackingCarrier\n      trackingNumber\n      ageVerifiedDelivery\n    }\n  }\n"): (typeof documents)["\n  mutation MarkShipped($id: ID!, $tracking: ShipmentTrackingInput) {\n    markShipped(id: $id, tracking: $tracking) {\n      id\n      status\n      state\n      trackingCarrier\n      trackingNumber\n      ageVerifiedDelivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdjustOrderPrice($orderId: ID!, $input: PriceAdjustmentInput!) {\n    adjustOrderPrice(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdjustOrderPrice($orderId: ID!, $input: PriceAdjustmentInput!) {\n    adjustOrderPrice(orderId: $orderId, input: $input) {\n      ...OrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderHistory($id: ID!) {\n    orderHistory(id: $id) {\n      id\n      fromState\n      toState\n      actor\n      actorEmail\n      note\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query OrderHistory($id: ID!) {\n    orderHistory(id: $id) {\n      id\n      fromState\n      toState\n      actor\n      actorEmail\n      note\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgeChecks($orderId: ID!) {\n    ageChecks(orderId: $orderId) {\n      id\n      kind\n      createdAt\n      method\n      status\n      ageBracket\n      providerReference\n      country\n      minimumAge\n      handover\n      ageVerifiedDelivery\n      note\n    }\n  }\n"): (typeof documents)["\n  query AgeChecks($orderId: ID!) {\n    ageChecks(orderId: $orderId) {\n      id\n      kind\n      createdAt\n      method\n      status\n      ageBracket\n      providerReference\n      country\n      minimumAge\n      handover\n      ageVerifiedDelivery\n      note\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProducts($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductFields\n        ...ProductEngravingFields\n        ...ProductAgeFields\n        ...GalleryFields\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminProducts($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductFields\n        ...ProductEngravingFields\n        ...ProductAgeFields\n        ...GalleryFields\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductAgeFields\n    taxCategory\n    kind\n    giftCardMinAmount\n    giftCardMaxAmount\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    madeToOrderCap\n    weightGrams\n  }\n"): (typeof documents)["\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductAgeFields\n    taxCategory\n    kind\n    giftCardMinAmount\n    giftCardMaxAmount\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    madeToOrderCap\n    weightGrams\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProduct($id: ID!) {\n    product(id: $id) {\n      ...AdminProductFields\n      slug\n    }\n  }\n"): (typeof documents)["\n  query AdminProduct($id: ID!) {\n    product(id: $id) {\n      ...AdminProductFields\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      ...AdminProductFields\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProduct($input: ProductInput!) {\n    createProduct(input: $input) {\n      ...AdminProductFields\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      ...AdminProductFields\n      slug\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      ...AdminProductFields\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($options: UserListOptions) {\n    users(options: $options) {\n      totalItems\n      items {\n        ...UserFields\n        createdAt\n        activeApiKeyCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($options: UserListOptions) {\n    users(options: $options) {\n      totalItems\n      items {\n        ...UserFields\n        createdAt\n        activeApiKeyCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveAdmin($email: String!) {\n    removeAdmin(email: $email) {\n      id\n      role\n      activeApiKeyCount\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveAdmin($email: String!) {\n    removeAdmin(email: $email) {\n      id\n      role\n      activeApiKeyCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Overview {\n    overview {\n      days {\n        day\n        sales {\n          ...MoneyFields\n        }\n        orders\n      }\n      paidOrders\n      unpaidOrders\n      lowStockVariants {\n        variantId\n        name\n        variantName\n        sku\n        quantity\n        minimumQuantity\n      }\n      unitsByProduct {\n        productId\n        name\n        units\n      }\n      unitsByVariant {\n        variantId\n        name\n        variantName\n        sku\n        units\n      }\n    }\n  }\n"): (typeof documents)["\n  query Overview {\n    overview {\n      days {\n        day\n        sales {\n          ...MoneyFields\n        }\n        orders\n      }\n      paidOrders\n      unpaidOrders\n      lowStockVariants {\n        variantId\n        name\n        variantName\n        sku\n        quantity\n        minimumQuantity\n      }\n      unitsByProduct {\n        productId\n        name\n        units\n      }\n      unitsByVariant {\n        variantId\n        name\n        variantName\n        sku\n        units\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomerData($userId: ID!, $reason: String!) {\n    customerData(userId: $userId, reason: $reason)\n  }\n"): (typeof documents)["\n  query CustomerData($userId: ID!, $reason: String!) {\n    customerData(userId: $userId, reason: $reason)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EraseCustomer($userId: ID!, $input: EraseCustomerInput!) {\n    eraseCustomer(userId: $userId, input: $input) {\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        why\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EraseCustomer($userId: ID!, $input: EraseCustomerInput!) {\n    eraseCustomer(userId: $userId, input: $input) {\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        why\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkDelivered($id: ID!) {\n    markDelivered(id: $id) {\n      id\n      status\n      state\n      deliveredAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkDelivered($id: ID!) {\n    markDelivered(id: $id) {\n      id\n      status\n      state\n      deliveredAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderProofs($id: ID!) {\n    order(id: $id) {\n      id\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderProofs($id: ID!) {\n    order(id: $id) {\n      id\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendOrderProof($input: SendOrderProofInput!) {\n    sendOrderProof(input: $input) {\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  mutation SendOrderProof($input: SendOrderProofInput!) {\n    sendOrderProof(input: $input) {\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReturns($options: ReturnListOptions) {\n    returns(options: $options) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  query AdminReturns($options: ReturnListOptions) {\n    returns(options: $options) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveReturn($id: ID!) {\n    approveReturn(id: $id) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveReturn($id: ID!) {\n    approveReturn(id: $id) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineReturn($id: ID!, $reason: String!) {\n    declineReturn(id: $id, reason: $reason) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineReturn($id: ID!, $reason: String!) {\n    declineReturn(id: $id, reason: $reason) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReceiveReturn($id: ID!, $lines: [ReceivedLineInput!]!) {\n    receiveReturn(id: $id, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReceiveReturn($id: ID!, $lines: [ReceivedLineInput!]!) {\n    receiveReturn(id: $id, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundReturn($id: ID!, $delivery: Boolean) {\n    refundReturn(id: $id, delivery: $delivery) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation RefundReturn($id: ID!, $delivery: Boolean) {\n    refundReturn(id: $id, delivery: $delivery) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShippingMethodFields on ShippingMethod {\n    id\n    zoneId\n    name\n    price {\n      ...MoneyFields\n    }\n    freeOver {\n      ...MoneyFields\n    }\n    minDays\n    maxDays\n    enabled\n    weightBands {\n      upToGrams\n      price {\n        ...MoneyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ShippingMethodFields on ShippingMethod {\n    id\n    zoneId\n    name\n    price {\n      ...MoneyFields\n    }\n    freeOver {\n      ...MoneyFields\n    }\n    minDays\n    maxDays\n    enabled\n    weightBands {\n      upToGrams\n      price {\n        ...MoneyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    name\n    countries\n    regions {\n      country\n      region\n      name\n    }\n    methods {\n      ...ShippingMethodFields\n    }\n    taxRates {\n      ...TaxRateFields\n    }\n  }\n"): (typeof documents)["\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    name\n    countries\n    regions {\n      country\n      region\n      name\n    }\n    methods {\n      ...ShippingMethodFields\n    }\n    taxRates {\n      ...TaxRateFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaxRateFields on TaxRate {\n    category\n    ratePercent\n    country\n    region\n    regionName\n    taxShipping\n  }\n"): (typeof documents)["\n  fragment TaxRateFields on TaxRate {\n    category\n    ratePercent\n    country\n    region\n    regionName\n    taxShipping\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingZones {\n    shippingZones {\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  query ShippingZones {\n    shippingZones {\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateShippingZone($input: ShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateShippingZone($input: ShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShippingZone($id: ID!, $input: ShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShippingZone($id: ID!, $input: ShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateShippingMethod($input: ShippingMethodInput!) {\n    createShippingMethod(input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateShippingMethod($input: ShippingMethodInput!) {\n    createShippingMethod(input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      ...ShippingMethodFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTaxRate($input: TaxRateInput!) {\n    setTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetTaxRate($input: TaxRateInput!) {\n    setTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveTaxRate($input: TaxRateKeyInput!) {\n    removeTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveTaxRate($input: TaxRateKeyInput!) {\n    removeTaxRate(input: $input) {\n      id\n      taxRates {\n        ...TaxRateFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaxProviderStatus {\n    taxProviderStatus {\n      provider\n      lastCalculationAt\n      lastError\n    }\n  }\n"): (typeof documents)["\n  query TaxProviderStatus {\n    taxProviderStatus {\n      provider\n      lastCalculationAt\n      lastError\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductVariantsFields on Product {\n    id\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    ...ProductChoiceFields\n    variants {\n      productId\n      sku\n      options {\n        name\n        custom\n      }\n      ownImg\n      weightGrams\n      ownWeightGrams\n    }\n  }\n"): (typeof documents)["\n  fragment ProductVariantsFields on Product {\n    id\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    ...ProductChoiceFields\n    variants {\n      productId\n      sku\n      options {\n        name\n        custom\n      }\n      ownImg\n      weightGrams\n      ownWeightGrams\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductVariants($id: ID!) {\n    product(id: $id) {\n      name\n      img\n      ...ProductVariantsFields\n    }\n  }\n"): (typeof documents)["\n  query ProductVariants($id: ID!) {\n    product(id: $id) {\n      name\n      img\n      ...ProductVariantsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetProductOptions($productId: ID!, $groups: [ProductOptionGroupInput!]!) {\n    setProductOptions(productId: $productId, groups: $groups) {\n      ...ProductVariantsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetProductOptions($productId: ID!, $groups: [ProductOptionGroupInput!]!) {\n    setProductOptions(productId: $productId, groups: $groups) {\n      ...ProductVariantsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProductVariant($id: ID!, $input: ProductVariantInput!) {\n    updateProductVariant(id: $id, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProductVariant($id: ID!, $input: ProductVariantInput!) {\n    updateProductVariant(id: $id, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProductVariants($ids: [ID!]!, $input: ProductVariantInput!) {\n    updateProductVariants(ids: $ids, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProductVariants($ids: [ID!]!, $input: ProductVariantInput!) {\n    updateProductVariants(ids: $ids, input: $input) {\n      ...ProductVariantsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProductVariant($id: ID!) {\n    deleteProductVariant(id: $id) {\n      ...ProductVariantsFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteProductVariant($id: ID!) {\n    deleteProductVariant(id: $id) {\n      ...ProductVariantsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WorkshopSettingsFields on WorkshopSettings {\n    handlingDays\n    capacityPerWeek\n    queuedUnits\n    closedDates {\n      date\n      note\n    }\n  }\n"): (typeof documents)["\n  fragment WorkshopSettingsFields on WorkshopSettings {\n    handlingDays\n    capacityPerWeek\n    queuedUnits\n    closedDates {\n      date\n      note\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Workshop {\n    workshopSettings {\n      ...WorkshopSettingsFields\n    }\n    workshopQueue {\n      lineId\n      orderId\n      productName\n      variantName\n      queuedQuantity\n      engravingText\n      engravingFont\n      engravingPlacement\n      customValue\n      customerName\n      overdue\n      shipBy {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  query Workshop {\n    workshopSettings {\n      ...WorkshopSettingsFields\n    }\n    workshopQueue {\n      lineId\n      orderId\n      productName\n      variantName\n      queuedQuantity\n      engravingText\n      engravingFont\n      engravingPlacement\n      customValue\n      customerName\n      overdue\n      shipBy {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWorkshopSettings($input: WorkshopSettingsInputType!) {\n    updateWorkshopSettings(input: $input) {\n      ...WorkshopSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWorkshopSettings($input: WorkshopSettingsInputType!) {\n    updateWorkshopSettings(input: $input) {\n      ...WorkshopSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CloseWorkshopDate($date: String!, $note: String) {\n    closeWorkshopDate(date: $date, note: $note) {\n      ...WorkshopSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation CloseWorkshopDate($date: String!, $note: String) {\n    closeWorkshopDate(date: $date, note: $note) {\n      ...WorkshopSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenWorkshopDate($date: String!) {\n    reopenWorkshopDate(date: $date) {\n      ...WorkshopSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReopenWorkshopDate($date: String!) {\n    reopenWorkshopDate(date: $date) {\n      ...WorkshopSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetOrderShipBy($orderId: ID!, $latest: String!) {\n    setOrderShipBy(orderId: $orderId, latest: $latest) {\n      id\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      late\n    }\n  }\n"): (typeof documents)["\n  mutation SetOrderShipBy($orderId: ID!, $latest: String!) {\n    setOrderShipBy(orderId: $orderId, latest: $latest) {\n      id\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      late\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CartProduct($id: ID!) {\n    product(id: $id) {\n      ...OrderableProductFields\n    }\n  }\n"): (typeof documents)["\n  query CartProduct($id: ID!) {\n    product(id: $id) {\n      ...OrderableProductFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutPage {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n  }\n"): (typeof documents)["\n  query CheckoutPage {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceCartOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      guestToken\n    }\n  }\n"): (typeof documents)["\n  mutation PlaceCartOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      guestToken\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CollectionChoices {\n    collections {\n      id\n      name\n      slug\n    }\n  }\n"): (typeof documents)["\n  query CollectionChoices {\n    collections {\n      id\n      name\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CollectionPage($slug: String!) {\n    collection(slug: $slug) {\n      id\n      name\n      slug\n      description\n      products {\n        ...ProductCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query CollectionPage($slug: String!) {\n    collection(slug: $slug) {\n      id\n      name\n      slug\n      description\n      products {\n        ...ProductCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductEngravingFields on Product {\n    engravable\n    engravingMaxLength\n    proofRequired\n    engravingPlacements\n    engravingSurcharge {\n      ...MoneyFields\n    }\n  }\n"): (typeof documents)["\n  fragment ProductEngravingFields on Product {\n    engravable\n    engravingMaxLength\n    proofRequired\n    engravingPlacements\n    engravingSurcharge {\n      ...MoneyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EngravingSheet($id: ID!) {\n    order(id: $id) {\n      ...OrderFields\n      ageRestricted\n      parcelNotice\n      lines {\n        id\n        proofRequired\n        proofApproved\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query EngravingSheet($id: ID!) {\n    order(id: $id) {\n      ...OrderFields\n      ageRestricted\n      parcelNotice\n      lines {\n        id\n        proofRequired\n        proofApproved\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GiftSlip($id: ID!) {\n    order(id: $id) {\n      id\n      createdAt\n      giftMessage\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n"): (typeof documents)["\n  query GiftSlip($id: ID!) {\n    order(id: $id) {\n      id\n      createdAt\n      giftMessage\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    prefix\n    scopes\n    createdAt\n    createdBy\n    lastUsedAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    prefix\n    scopes\n    createdAt\n    createdBy\n    lastUsedAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    enabled\n    failingSince\n    consecutiveFailures\n    createdBy\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    enabled\n    failingSince\n    consecutiveFailures\n    createdBy\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      events\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      events\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeWebhookEndpoint($id: ID!) {\n    resumeWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeWebhookEndpoint($id: ID!) {\n    resumeWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      id\n      status\n      statusCode\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      id\n      status\n      statusCode\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    status\n    attempts\n    statusCode\n    durationMs\n    error\n    nextRetryAt\n    deliveredAt\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    event\n    status\n    attempts\n    statusCode\n    durationMs\n    error\n    nextRetryAt\n    deliveredAt\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!) {\n    webhookDeliveries(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!) {\n    webhookDeliveries(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClaimGuestOrders {\n    claimGuestOrders\n  }\n"): (typeof documents)["\n  mutation ClaimGuestOrders {\n    claimGuestOrders\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PackingSlip($id: ID!) {\n    order(id: $id) {\n      id\n      userName\n      address\n      phone\n      createdAt\n      ageRestricted\n      parcelNotice\n      shippingMethodName\n      shippingAddress {\n        ...ShippingAddressFields\n      }\n      lines {\n        id\n        name\n        variantName\n        sku\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n"): (typeof documents)["\n  query PackingSlip($id: ID!) {\n    order(id: $id) {\n      id\n      userName\n      address\n      phone\n      createdAt\n      ageRestricted\n      parcelNotice\n      shippingMethodName\n      shippingAddress {\n        ...ShippingAddressFields\n      }\n      lines {\n        id\n        name\n        variantName\n        sku\n        quantity\n      }\n    }\n    shop {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentPage($id: ID!, $token: String) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id, token: $token) {\n      id\n      name\n      ...OrderDeliveryFields\n      paid\n      state\n      transactionId\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      engraving {\n        text\n        font\n      }\n      lines {\n        ...OrderLineSummary\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentPage($id: ID!, $token: String) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id, token: $token) {\n      id\n      name\n      ...OrderDeliveryFields\n      paid\n      state\n      transactionId\n      shipBy {\n        earliest\n        latest\n        text\n      }\n      engraving {\n        text\n        font\n      }\n      lines {\n        ...OrderLineSummary\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String, $token: String) {\n    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey, token: $token) {\n      id\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePaymentIntent($orderId: ID!, $idempotencyKey: String, $token: String) {\n    createPaymentIntent(orderId: $orderId, idempotencyKey: $idempotencyKey, token: $token) {\n      id\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaidOrderFields on Order {\n    id\n    paid\n    state\n    status\n    transactionId\n  }\n"): (typeof documents)["\n  fragment PaidOrderFields on Order {\n    id\n    paid\n    state\n    status\n    transactionId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!, $token: String) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!, $token: String) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!, $token: String) {\n    confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!, $token: String) {\n    confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!, $token: String) {\n    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteTestPaymentAuthentication($orderId: ID!, $succeed: Boolean!, $token: String) {\n    completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed, token: $token) {\n      ...PaidOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentReturn($id: ID!) {\n    order(id: $id) {\n      id\n      name\n      ...PaidOrderFields\n    }\n  }\n"): (typeof documents)["\n  query PaymentReturn($id: ID!) {\n    order(id: $id) {\n      id\n      name\n      ...PaidOrderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PaymentStatus($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation PaymentStatus($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GuestOrder($id: ID!, $token: String!) {\n    order(id: $id, token: $token) {\n      ...OrderFields\n      ...OrderDocumentsFields\n      guestToken\n    }\n  }\n"): (typeof documents)["\n  query GuestOrder($id: ID!, $token: String!) {\n    order(id: $id, token: $token) {\n      ...OrderFields\n      ...OrderDocumentsFields\n      guestToken\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelGuestOrder($id: ID!, $token: String!) {\n    cancelOrder(id: $id, token: $token) {\n      id\n      state\n      status\n      paid\n    }\n  }\n"): (typeof documents)["\n  mutation CancelGuestOrder($id: ID!, $token: String!) {\n    cancelOrder(id: $id, token: $token) {\n      id\n      state\n      status\n      paid\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPage($slug: String!) {\n    product(slug: $slug) {\n      ...ProductFields\n      ...LeadTimeFields\n      slug\n      kind\n      ...ProductEngravingFields\n      ...ProductChoiceFields\n      rating {\n        average\n        count\n      }\n      images {\n        id\n        url\n        alt\n        srcset\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ProductPage($slug: String!) {\n    product(slug: $slug) {\n      ...ProductFields\n      ...LeadTimeFields\n      slug\n      kind\n      ...ProductEngravingFields\n      ...ProductChoiceFields\n      rating {\n        average\n        count\n      }\n      images {\n        id\n        url\n        alt\n        srcset\n      }\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAddress($id: ID!) {\n    deleteAddress(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAddress($id: ID!) {\n    deleteAddress(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      ...SavedAddress\n    }\n  }\n"): (typeof documents)["\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      ...SavedAddress\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetOrderEmails($on: Boolean!) {\n    setOrderEmails(on: $on) {\n      id\n      orderEmails\n    }\n  }\n"): (typeof documents)["\n  mutation SetOrderEmails($on: Boolean!) {\n    setOrderEmails(on: $on) {\n      id\n      orderEmails\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyData {\n    myData\n  }\n"): (typeof documents)["\n  query MyData {\n    myData\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {\n    deleteMyAccount(input: $input) {\n      erasedAt\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        count\n        why\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {\n    deleteMyAccount(input: $input) {\n      erasedAt\n      cancelledOrders\n      reviews\n      reviewsChoice\n      kept {\n        what\n        count\n        why\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderProofs($id: ID!, $token: String) {\n    order(id: $id, token: $token) {\n      id\n      name\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  query OrderProofs($id: ID!, $token: String) {\n    order(id: $id, token: $token) {\n      id\n      name\n      lines {\n        id\n        name\n        variantName\n        quantity\n      }\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveOrderProof($orderId: ID!, $proofId: ID!, $token: String) {\n    approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) {\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveOrderProof($orderId: ID!, $proofId: ID!, $token: String) {\n    approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) {\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestOrderProofChanges($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) {\n    requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) {\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  mutation RequestOrderProofChanges($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) {\n    requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) {\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CorrectOrderEngraving($orderId: ID!, $lineId: ID!, $text: String!, $token: String) {\n    correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) {\n      ...OrderProofState\n    }\n  }\n"): (typeof documents)["\n  mutation CorrectOrderEngraving($orderId: ID!, $lineId: ID!, $text: String!, $token: String) {\n    correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) {\n      ...OrderProofState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PurchasePage($id: ID!) {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n    product(id: $id) {\n      ...OrderableProductFields\n      kind\n      giftCardMinAmount\n      giftCardMaxAmount\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query PurchasePage($id: ID!) {\n    me {\n      ...OrderingCustomer\n    }\n    ...DeliveryChoices\n    product(id: $id) {\n      ...OrderableProductFields\n      kind\n      giftCardMinAmount\n      giftCardMaxAmount\n    }\n    engravingFonts {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      product {\n        id\n        quantity\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      ...OrderFields\n      product {\n        id\n        quantity\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveReview($id: ID!) {\n    removeReview(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveReview($id: ID!) {\n    removeReview(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AddressLinesFields on AddressLines {\n    name\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    phone\n  }\n"): (typeof documents)["\n  fragment AddressLinesFields on AddressLines {\n    name\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    phone\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SavedAddress on Address {\n    id\n    ...AddressLinesFields\n    isDefault\n    createdAt\n  }\n"): (typeof documents)["\n  fragment SavedAddress on Address {\n    id\n    ...AddressLinesFields\n    isDefault\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyAddresses {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n"): (typeof documents)["\n  query MyAddresses {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveAddress($input: AddressInput!) {\n    saveAddress(input: $input) {\n      ...SavedAddress\n    }\n  }\n"): (typeof documents)["\n  mutation SaveAddress($input: AddressInput!) {\n    saveAddress(input: $input) {\n      ...SavedAddress\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgeVerificationFields on AgeVerification {\n    id\n    status\n    method\n    checkedAt\n    ageBracket\n    validUntil\n  }\n"): (typeof documents)["\n  fragment AgeVerificationFields on AgeVerification {\n    id\n    status\n    method\n    checkedAt\n    ageBracket\n    validUntil\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgeCheckCustomer on User {\n    id\n    name\n    ageVerification {\n      ...AgeVerificationFields\n    }\n  }\n"): (typeof documents)["\n  fragment AgeCheckCustomer on User {\n    id\n    name\n    ageVerification {\n      ...AgeVerificationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyAge($input: VerifyAgeInput!, $guestEmail: String) {\n    verifyAge(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyAge($input: VerifyAgeInput!, $guestEmail: String) {\n    verifyAge(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitAgeDocument($input: AgeDocumentInput!, $guestEmail: String) {\n    submitAgeDocument(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitAgeDocument($input: AgeDocumentInput!, $guestEmail: String) {\n    submitAgeDocument(input: $input, guestEmail: $guestEmail) {\n      ...AgeVerificationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryChoices on Query {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n"): (typeof documents)["\n  fragment DeliveryChoices on Query {\n    me {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    shippingCountries\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderQuote($input: ShippingOptionsInput!) {\n    orderQuote(input: $input) {\n      options {\n        id\n        name\n        minDays\n        maxDays\n        price {\n          ...MoneyFields\n        }\n        totals {\n          ...OrderTotalsFields\n        }\n        giftCardPayments {\n          ...GiftCardShareFields\n        }\n      }\n      notOffered\n      totals {\n        ...OrderTotalsFields\n      }\n      giftCardPayments {\n        ...GiftCardShareFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderQuote($input: ShippingOptionsInput!) {\n    orderQuote(input: $input) {\n      options {\n        id\n        name\n        minDays\n        maxDays\n        price {\n          ...MoneyFields\n        }\n        totals {\n          ...OrderTotalsFields\n        }\n        giftCardPayments {\n          ...GiftCardShareFields\n        }\n      }\n      notOffered\n      totals {\n        ...OrderTotalsFields\n      }\n      giftCardPayments {\n        ...GiftCardShareFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GiftCardShareFields on OrderGiftCardPayment {\n    lastFour\n    amount {\n      ...MoneyFields\n    }\n  }\n"): (typeof documents)["\n  fragment GiftCardShareFields on OrderGiftCardPayment {\n    lastFour\n    amount {\n      ...MoneyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GiftCardBalance($code: String!) {\n    giftCardBalance(code: $code) {\n      lastFour\n      balance {\n        amount\n        currency\n        formatted\n      }\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query GiftCardBalance($code: String!) {\n    giftCardBalance(code: $code) {\n      lastFour\n      balance {\n        amount\n        currency\n        formatted\n      }\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmailVerified {\n    me {\n      id\n      emailVerified\n    }\n  }\n"): (typeof documents)["\n  query EmailVerified {\n    me {\n      id\n      emailVerified\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    id\n    name\n    email\n    phone\n    address\n    img\n    role\n    orderEmails\n  }\n"): (typeof documents)["\n  fragment UserFields on User {\n    id\n    name\n    email\n    phone\n    address\n    img\n    role\n    orderEmails\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input)\n  }\n"): (typeof documents)["\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MessageKnives {\n    products(options: { take: 100 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query MessageKnives {\n    products(options: { take: 100 }) {\n      totalItems\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderTotalsFields on OrderTotals {\n    subtotal {\n      amount\n      currency\n      formatted\n    }\n    adjustments {\n      amount\n      currency\n      formatted\n    }\n    discount {\n      amount\n      currency\n      formatted\n    }\n    shipping {\n      amount\n      currency\n      formatted\n    }\n    tax {\n      amount\n      currency\n      formatted\n    }\n    total {\n      amount\n      currency\n      formatted\n    }\n    giftCards {\n      amount\n      currency\n      formatted\n    }\n    amountDue {\n      amount\n      currency\n      formatted\n    }\n  }\n"): (typeof documents)["\n  fragment OrderTotalsFields on OrderTotals {\n    subtotal {\n      amount\n      currency\n      formatted\n    }\n    adjustments {\n      amount\n      currency\n      formatted\n    }\n    discount {\n      amount\n      currency\n      formatted\n    }\n    shipping {\n      amount\n      currency\n      formatted\n    }\n    tax {\n      amount\n      currency\n      formatted\n    }\n    total {\n      amount\n      currency\n      formatted\n    }\n    giftCards {\n      amount\n      currency\n      formatted\n    }\n    amountDue {\n      amount\n      currency\n      formatted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderAdjustmentLabel on OrderAdjustment {\n    id\n    source\n    label\n  }\n"): (typeof documents)["\n  fragment OrderAdjustmentLabel on OrderAdjustment {\n    id\n    source\n    label\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShippingAddressFields on PostalAddress {\n    ...AddressLinesFields\n  }\n"): (typeof documents)["\n  fragment ShippingAddressFields on PostalAddress {\n    ...AddressLinesFields\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderDeliveryFields on Order {\n    totals {\n      ...OrderTotalsFields\n    }\n    adjustments {\n      ...OrderAdjustmentLabel\n    }\n    shippingMethodName\n    shippingAddress {\n      ...ShippingAddressFields\n    }\n    giftCardPayments {\n      lastFour\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n    giftCardsIssued {\n      lastFour\n      recipientEmail\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OrderDeliveryFields on Order {\n    totals {\n      ...OrderTotalsFields\n    }\n    adjustments {\n      ...OrderAdjustmentLabel\n    }\n    shippingMethodName\n    shippingAddress {\n      ...ShippingAddressFields\n    }\n    giftCardPayments {\n      lastFour\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n    giftCardsIssued {\n      lastFour\n      recipientEmail\n      amount {\n        amount\n        currency\n        formatted\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderLineSummary on OrderLine {\n    id\n    name\n    variantName\n    quantity\n    lineAmount {\n      ...MoneyFields\n    }\n    discount {\n      ...MoneyFields\n    }\n    engraving {\n      text\n      font\n      placement\n    }\n  }\n"): (typeof documents)["\n  fragment OrderLineSummary on OrderLine {\n    id\n    name\n    variantName\n    quantity\n    lineAmount {\n      ...MoneyFields\n    }\n    discount {\n      ...MoneyFields\n    }\n    engraving {\n      text\n      font\n      placement\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReturnFields on ReturnRequest {\n    id\n    orderId\n    rmaNumber\n    state\n    reason\n    details\n    declineReason\n    photos\n    createdAt\n    lines {\n      id\n      orderLineId\n      name\n      quantity\n      receivedQuantity\n      restock\n    }\n  }\n"): (typeof documents)["\n  fragment ReturnFields on ReturnRequest {\n    id\n    orderId\n    rmaNumber\n    state\n    reason\n    details\n    declineReason\n    photos\n    createdAt\n    lines {\n      id\n      orderLineId\n      name\n      quantity\n      receivedQuantity\n      restock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderFields on Order {\n    id\n    guest\n    userName\n    name\n    email\n    description\n    img\n    quantity\n    currency\n    ...OrderDeliveryFields\n    status\n    paid\n    state\n    deliveredAt\n    transactionId\n    trackingCarrier\n    trackingNumber\n    createdAt\n    returns {\n      ...ReturnFields\n    }\n    giftMessage\n    workshopNote\n    shipBy {\n      earliest\n      latest\n      text\n    }\n    late\n    ...OrderDocumentsFields\n    engraving {\n      text\n      font\n      placement\n    }\n    lines {\n      ...OrderLineSummary\n      refundedQuantity\n      sku\n      img\n      unitAmount {\n        ...MoneyFields\n      }\n      engraving {\n        unitAmount {\n          ...MoneyFields\n        }\n      }\n      product {\n        id\n        quantity\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OrderFields on Order {\n    id\n    guest\n    userName\n    name\n    email\n    description\n    img\n    quantity\n    currency\n    ...OrderDeliveryFields\n    status\n    paid\n    state\n    deliveredAt\n    transactionId\n    trackingCarrier\n    trackingNumber\n    createdAt\n    returns {\n      ...ReturnFields\n    }\n    giftMessage\n    workshopNote\n    shipBy {\n      earliest\n      latest\n      text\n    }\n    late\n    ...OrderDocumentsFields\n    engraving {\n      text\n      font\n      placement\n    }\n    lines {\n      ...OrderLineSummary\n      refundedQuantity\n      sku\n      img\n      unitAmount {\n        ...MoneyFields\n      }\n      engraving {\n        unitAmount {\n          ...MoneyFields\n        }\n      }\n      product {\n        id\n        quantity\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderingCustomer on User {\n    id\n    name\n    email\n    phone\n    ...AgeCheckCustomer\n  }\n"): (typeof documents)["\n  fragment OrderingCustomer on User {\n    id\n    name\n    email\n    phone\n    ...AgeCheckCustomer\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrders($options: OrderListOptions) {\n    myOrders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyOrders($options: OrderListOptions) {\n    myOrders(options: $options) {\n      totalItems\n      items {\n        ...OrderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      state\n      status\n      paid\n      product {\n        id\n        quantity\n      }\n      lines {\n        id\n        product {\n          id\n          quantity\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      state\n      status\n      paid\n      product {\n        id\n        quantity\n      }\n      lines {\n        id\n        product {\n          id\n          quantity\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MoneyFields on Money {\n    amount\n    currency\n    formatted\n  }\n"): (typeof documents)["\n  fragment MoneyFields on Money {\n    amount\n    currency\n    formatted\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LeadTimeFields on Product {\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment LeadTimeFields on Product {\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VariantLeadTimeFields on ProductVariant {\n    leadTimeMode\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment VariantLeadTimeFields on ProductVariant {\n    leadTimeMode\n    madeToOrder {\n      minDays\n      maxDays\n    }\n    leadTime {\n      madeToOrder\n      text\n      shipWindow {\n        earliest\n        latest\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductFields on Product {\n    id\n    name\n    img\n    description\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    minimumQuantity\n  }\n"): (typeof documents)["\n  fragment ProductFields on Product {\n    id\n    name\n    img\n    description\n    priceFrom {\n      ...MoneyFields\n    }\n    quantity\n    minimumQuantity\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductChoiceFields on Product {\n    optionGroups {\n      id\n      name\n      values {\n        id\n        groupId\n        name\n        custom\n      }\n      custom {\n        label\n        min\n        max\n        unit\n        surchargeAmount {\n          amount\n          currency\n          formatted\n        }\n      }\n    }\n    variants {\n      id\n      name\n      options {\n        id\n        groupId\n      }\n      unitPrice {\n        amount\n        currency\n        formatted\n      }\n      quantity\n      img\n      enabled\n      ...VariantLeadTimeFields\n    }\n  }\n"): (typeof documents)["\n  fragment ProductChoiceFields on Product {\n    optionGroups {\n      id\n      name\n      values {\n        id\n        groupId\n        name\n        custom\n      }\n      custom {\n        label\n        min\n        max\n        unit\n        surchargeAmount {\n          amount\n          currency\n          formatted\n        }\n      }\n    }\n    variants {\n      id\n      name\n      options {\n        id\n        groupId\n      }\n      unitPrice {\n        amount\n        currency\n        formatted\n      }\n      quantity\n      img\n      enabled\n      ...VariantLeadTimeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderableProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductChoiceFields\n    ageRestricted\n    minimumAge\n    ...LeadTimeFields\n  }\n"): (typeof documents)["\n  fragment OrderableProductFields on Product {\n    ...ProductFields\n    ...ProductEngravingFields\n    ...ProductChoiceFields\n    ageRestricted\n    minimumAge\n    ...LeadTimeFields\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    ...LeadTimeFields\n    slug\n    kind\n    variants {\n      id\n      unitPrice {\n        ...MoneyFields\n      }\n      enabled\n    }\n  }\n"): (typeof documents)["\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    ...LeadTimeFields\n    slug\n    kind\n    variants {\n      id\n      unitPrice {\n        ...MoneyFields\n      }\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Products($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Products($options: ProductListOptions) {\n    products(options: $options) {\n      totalItems\n      items {\n        ...ProductCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductChoices($id: ID!) {\n    product(id: $id) {\n      id\n      ...ProductChoiceFields\n    }\n  }\n"): (typeof documents)["\n  query ProductChoices($id: ID!) {\n    product(id: $id) {\n      id\n      ...ProductChoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProofFields on OrderProof {\n    id\n    lineId\n    version\n    imageUrls\n    note\n    engravingText\n    engravingFont\n    status\n    comment\n    sentAt\n    answeredAt\n    answeredBy\n  }\n"): (typeof documents)["\n  fragment ProofFields on OrderProof {\n    id\n    lineId\n    version\n    imageUrls\n    note\n    engravingText\n    engravingFont\n    status\n    comment\n    sentAt\n    answeredAt\n    answeredBy\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderProofState on Order {\n    id\n    state\n    status\n    proofRoundsLeft\n    lines {\n      id\n      proofRequired\n      proofApproved\n      engraving {\n        text\n        font\n        placement\n      }\n    }\n    proofs {\n      ...ProofFields\n    }\n  }\n"): (typeof documents)["\n  fragment OrderProofState on Order {\n    id\n    state\n    status\n    proofRoundsLeft\n    lines {\n      id\n      proofRequired\n      proofApproved\n      engraving {\n        text\n        font\n        placement\n      }\n    }\n    proofs {\n      ...ProofFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReturnPolicy {\n    returnPolicy {\n      returnDays\n      policy\n    }\n  }\n"): (typeof documents)["\n  query ReturnPolicy {\n    returnPolicy {\n      returnDays\n      policy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestReturn($input: RequestReturnInput!, $token: String) {\n    requestReturn(input: $input, token: $token) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation RequestReturn($input: RequestReturnInput!, $token: String) {\n    requestReturn(input: $input, token: $token) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReviewFields on Review {\n    id\n    userName\n    name\n    description\n    img\n    star\n    verifiedBuyer\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ReviewFields on Review {\n    id\n    userName\n    name\n    description\n    img\n    star\n    verifiedBuyer\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Reviews($options: ReviewListOptions) {\n    reviews(options: $options) {\n      totalItems\n      items {\n        ...ReviewFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Reviews($options: ReviewListOptions) {\n    reviews(options: $options) {\n      totalItems\n      items {\n        ...ReviewFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      ...ReviewFields\n      productId\n      product {\n        id\n        rating {\n          average\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      ...ReviewFields\n      productId\n      product {\n        id\n        rating {\n          average\n          count\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;